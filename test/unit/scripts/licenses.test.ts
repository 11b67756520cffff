// The About box's list of licenses, as the build writes it: the packages the app carries
// (main's runtime dependencies, what the renderer imports, Electron, and their dependencies),
// each with its licence and text; nothing that only builds or tests the app.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { collectLicenses, dataCredits, rendererImports, writeLicenses } from '../../../scripts/licenses.mjs'

const root = join(import.meta.dirname, '..', '..', '..')
const installedVersion = (name: string) => (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version

describe('scripts/licenses.mjs', () => {
  const list = collectLicenses()
  const byName = new Map(list.map((p) => [p.name, p]))

  it('finds the packages the renderer imports, and not type-only ones', () => {
    const imports = rendererImports()
    for (const name of ['vue', 'pinia', 'vue-router', 'reka-ui', 'chart.js', 'papaparse']) expect(imports, name).toContain(name)
    expect(imports).not.toContain('electron')
  })

  it('lists main\'s runtime dependencies, the renderer\'s packages, Electron and their dependencies, at the installed versions', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
    for (const name of [...Object.keys(pkg.dependencies), 'vue', '@vue/runtime-dom', 'chart.js', 'electron']) {
      expect(byName.get(name)?.version, name).toBe(installedVersion(name))
    }
    expect(byName.get('better-sqlite3')).toMatchObject({ license: 'MIT', text: expect.stringMatching(/MIT License/i) })
  })

  it('leaves out what only builds or tests the app, and Electron\'s download helpers', () => {
    for (const name of ['vitest', 'eslint', 'vite', 'typescript', '@playwright/test', 'electron-builder', '@electron/get']) {
      expect(byName.has(name), name).toBe(false)
    }
  })

  it('names a licence for every package', () => {
    expect(list.filter((p) => !p.license || p.license === 'UNKNOWN').map((p) => p.name)).toEqual([])
  })

  it("credits endoflife.date's data, which the health checks carry, with its as-of day and MIT licence", () => {
    expect(dataCredits()).toEqual([expect.objectContaining({ name: 'endoflife.date (end-of-life dates)', version: '2026-08-22', license: 'MIT', text: expect.stringMatching(/^Source: endoflife\.date \(MIT licence/) })])
  })

  describe('writing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'licenses-test-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    it('writes the list as JSON, and leaves an unchanged file untouched', () => {
      const file = join(dir, 'licenses.json')
      const written = writeLicenses(file)
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(written)
      expect(written.map((entry: { name: string }) => entry.name)).toContain('endoflife.date (end-of-life dates)')
      const before = statSync(file).mtimeMs
      writeLicenses(file)
      expect(statSync(file).mtimeMs).toBe(before)
    })
  })
})

// The `files` of electron-builder.yml against a real list of files: everything the built app
// loads is packaged (main, preload, renderer with its assets, the icons) and nothing from
// src/, test/, the web shell or the source maps. The patterns are evaluated with the glob
// matcher electron-builder uses (minimatch, from app-builder-lib). After `npm run build` the
// list is the real out/ folder; without a build it is a synthetic one shaped like it (the
// test says which in its name).
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadBuilderConfig, minimatch, root } from './builder-config'

function walk(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [relative(root, path).split('\\').join('/')]
  })
}

const built = existsSync(join(root, 'out/main/index.js')) && existsSync(join(root, 'out/renderer/index.html'))

const SYNTHETIC_OUT = [
  'out/main/index.js',
  'out/main/chunks/sqlite-workspace-store-abc123.js',
  'out/main/index.js.map',
  'out/preload/index.cjs',
  'out/renderer/index.html',
  'out/renderer/assets/index-abc123.js',
  'out/renderer/assets/index-abc123.css',
  'out/renderer/assets/index-abc123.js.map',
  'out/icons/32x32.png',
  'out/icons/256x256.png',
  'out/web/cli.js',
  'out/web/bridge.js',
]

const outFiles = built ? walk(join(root, 'out')) : SYNTHETIC_OUT
const repoFiles = [...walk(join(root, 'src')), ...walk(join(root, 'test')), ...walk(join(root, 'scripts')), 'package.json', 'electron-builder.yml', 'README.md']
const all = [...outFiles, ...repoFiles]

const patterns = loadBuilderConfig().files ?? []
const positives = patterns.filter((p) => !p.startsWith('!'))
const negatives = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1))

/** electron-builder's rule: taken when a pattern matches and no "!" pattern excludes it. */
function packaged(path: string): boolean {
  return positives.some((p) => minimatch(path, p, { dot: true })) && !negatives.some((p) => minimatch(path, p, { dot: true }))
}

describe(`electron-builder files (${built ? 'the real out/ of the last build' : 'a synthetic out/: no build present'})`, () => {
  const taken = all.filter(packaged)

  it('takes what the built app loads', () => {
    for (const file of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'package.json']) {
      expect(taken, file).toContain(file)
    }
    expect(taken.some((f) => /^out\/renderer\/assets\/.+\.js$/.test(f))).toBe(true)
    expect(taken.some((f) => /^out\/renderer\/assets\/.+\.css$/.test(f))).toBe(true)
    // Every file main and the renderer wrote is taken, chunks and assets included.
    const app = outFiles.filter((f) => /^out\/(main|preload|renderer)\//.test(f) && !f.endsWith('.map'))
    expect(app.length).toBeGreaterThan(3)
    expect(app.filter((f) => !packaged(f))).toEqual([])
  })

  it('takes the icons the window and the tray load (out/icons, copied by the build)', () => {
    const icons = outFiles.filter((f) => f.startsWith('out/icons/'))
    if (built && icons.length === 0) {
      // A build by `npm start` (no icon copy) leaves none; the synthetic list stands in.
      expect(['out/icons/32x32.png', 'out/icons/256x256.png'].every(packaged)).toBe(true)
      return
    }
    expect(icons).toEqual(expect.arrayContaining(['out/icons/32x32.png', 'out/icons/256x256.png']))
    expect(icons.filter((f) => !packaged(f))).toEqual([])
  })

  it('takes nothing from src/, test/, scripts/, the web shell or the source maps', () => {
    // The list really holds such files, so the check below is not vacuous.
    expect(all.some((f) => f.startsWith('src/'))).toBe(true)
    expect(all.some((f) => f.startsWith('test/'))).toBe(true)
    expect(taken.filter((f) => /^(src|test|scripts)\//.test(f))).toEqual([])
    expect(taken.filter((f) => f.startsWith('out/web/'))).toEqual([])
    expect(taken.filter((f) => f.endsWith('.map'))).toEqual([])
    expect(taken.filter((f) => !f.startsWith('out/') && f !== 'package.json')).toEqual([])
  })
})

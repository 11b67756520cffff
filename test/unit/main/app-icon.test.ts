// Where the window and the tray find the icon: out/icons after a full build (what the
// packaged app carries), resources/icons in an unpackaged build that did not copy them.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { TRAY_ICON_PATH, WINDOW_ICON_PATH, iconsDir } from '../../../src/main/app-icon'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('app icon paths', () => {
  it('prefer out/icons beside the main bundle, else resources/icons', () => {
    const root = mkdtempSync(join(tmpdir(), 'app-icon-'))
    dirs.push(root)
    const main = join(root, 'out', 'main')
    mkdirSync(main, { recursive: true })
    expect(iconsDir(main)).toBe(join(root, 'resources', 'icons'))
    mkdirSync(join(root, 'out', 'icons'))
    expect(iconsDir(main)).toBe(join(root, 'out', 'icons'))
  })

  it('name PNGs of the icon set', () => {
    // From the sources the fallback is resources/icons, where the committed icon set lives.
    expect(existsSync(WINDOW_ICON_PATH)).toBe(true)
    expect(existsSync(TRAY_ICON_PATH)).toBe(true)
    expect(WINDOW_ICON_PATH).toMatch(/256x256\.png$/)
    expect(TRAY_ICON_PATH).toMatch(/32x32\.png$/)
  })
})

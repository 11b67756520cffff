// npm start's choice between the desktop window and the web shell, against real folders
// laid out like node_modules/electron with and without its downloaded binary.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findElectronBinary, whyElectronCannotStart } from '../../../scripts/lib/electron-binary.mjs'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'electron-binary-test-'))
  writeFileSync(join(root, 'package.json'), '{"name":"x"}')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

function electronPackage({ pathTxt, binary }: { pathTxt: boolean; binary: boolean }): string {
  const dir = join(root, 'node_modules', 'electron')
  mkdirSync(join(dir, 'dist'), { recursive: true })
  writeFileSync(join(dir, 'package.json'), '{"name":"electron","main":"index.js"}')
  // The real index.js would try to download the binary: it must never be loaded.
  writeFileSync(join(dir, 'index.js'), 'throw new Error("must not be required")')
  if (pathTxt) writeFileSync(join(dir, 'path.txt'), 'electron')
  if (binary) writeFileSync(join(dir, 'dist', 'electron'), '')
  return join(dir, 'dist', 'electron')
}

describe('finding the Electron binary', () => {
  it('is null without the electron package', () => {
    expect(findElectronBinary({ root, env: {} })).toBeNull()
  })

  it('is null when the binary was never downloaded (no path.txt, as with ELECTRON_SKIP_BINARY_DOWNLOAD)', () => {
    electronPackage({ pathTxt: false, binary: false })
    expect(findElectronBinary({ root, env: {} })).toBeNull()
  })

  it('is null when path.txt names a binary that is not there', () => {
    electronPackage({ pathTxt: true, binary: false })
    expect(findElectronBinary({ root, env: {} })).toBeNull()
  })

  it('is the binary when it is installed, or under ELECTRON_OVERRIDE_DIST_PATH', () => {
    const binary = electronPackage({ pathTxt: true, binary: true })
    expect(findElectronBinary({ root, env: {} })).toBe(binary)
    const elsewhere = join(root, 'custom-dist')
    mkdirSync(elsewhere)
    expect(findElectronBinary({ root, env: { ELECTRON_OVERRIDE_DIST_PATH: elsewhere } })).toBeNull()
    writeFileSync(join(elsewhere, 'electron'), '')
    expect(findElectronBinary({ root, env: { ELECTRON_OVERRIDE_DIST_PATH: elsewhere } })).toBe(join(elsewhere, 'electron'))
  })
})

describe('deciding whether Electron can open a window', () => {
  it('says why not, for the one sentence npm start prints', () => {
    expect(whyElectronCannotStart({ binary: null, platform: 'linux', env: { DISPLAY: ':0' } })).toBe('its binary is not installed')
    expect(whyElectronCannotStart({ binary: '/x/electron', platform: 'linux', env: {} })).toBe('there is no display to show a window on')
  })

  it('lets it start where there is a binary and a display', () => {
    expect(whyElectronCannotStart({ binary: '/x/electron', platform: 'linux', env: { DISPLAY: ':0' } })).toBeNull()
    expect(whyElectronCannotStart({ binary: '/x/electron', platform: 'linux', env: { WAYLAND_DISPLAY: 'w' } })).toBeNull()
    expect(whyElectronCannotStart({ binary: '/x/electron', platform: 'darwin', env: {} })).toBeNull()
  })
})

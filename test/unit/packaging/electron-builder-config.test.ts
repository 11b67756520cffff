// electron-builder.yml, checked without packaging (which needs Electron's release archives):
// electron-builder's own validation accepts it, it names every target the issue asks for,
// rebuilds the native modules, and every icon file it names exists.
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { loadBuilderConfig, requireHere, root } from './builder-config'

// electron-builder's own validation (app-builder-lib is what the `electron-builder` command runs).
const { validateConfiguration } = requireHere('app-builder-lib/out/util/config/config') as {
  validateConfiguration: (config: unknown, debugLogger: { isEnabled: boolean; add: () => void }) => Promise<void>
}

const quietLogger = { isEnabled: false, add: () => {} }

describe('electron-builder.yml', () => {
  const config = loadBuilderConfig()

  it('passes electron-builder\'s own validation', async () => {
    await expect(validateConfiguration(config, quietLogger)).resolves.toBeUndefined()
  })

  it('is really checked: a wrong key is refused by the same validation', async () => {
    await expect(validateConfiguration({ ...config, notAnOption: true }, quietLogger)).rejects.toThrow(/notAnOption/)
    await expect(validateConfiguration({ ...config, npmRebuild: 'yes' }, quietLogger)).rejects.toThrow(/npmRebuild/)
  })

  it('packages Linux AppImage and deb, macOS dmg and Windows nsis', () => {
    expect(config.linux?.target).toEqual(expect.arrayContaining(['AppImage', 'deb']))
    expect(config.mac?.target).toEqual(['dmg'])
    expect(config.win?.target).toEqual(['nsis'])
  })

  it('has the packager rebuild the native modules for Electron, into one archive', () => {
    expect(config.npmRebuild).toBe(true)
    expect(config.asar).toBe(true)
  })

  it('names icon files that exist', () => {
    const icons = [config.linux?.icon, config.mac?.icon, config.win?.icon, config.nsis?.installerIcon, config.nsis?.uninstallerIcon]
    for (const icon of icons) {
      expect(icon).toBeTruthy()
      expect(existsSync(`${root}${icon}`), icon).toBe(true)
    }
    for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) {
      expect(existsSync(`${root}${config.linux!.icon}/${size}x${size}.png`), `${size}x${size}.png`).toBe(true)
    }
  })

  it('is run by `npm run dist` after a build of the app', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string>; dependencies: Record<string, string> }
    expect(pkg.scripts.dist).toMatch(/electron-vite build/)
    expect(pkg.scripts.dist).toMatch(/electron-builder$/)
    // The native modules the packager rebuilds are runtime dependencies, so they are packaged.
    expect(Object.keys(pkg.dependencies)).toEqual(expect.arrayContaining(['keytar', 'better-sqlite3']))
  })
})

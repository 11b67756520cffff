// Whether Electron can open the desktop window here, decided without starting it.

import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { appRoot } from './app-root.mjs'

/**
 * The Electron binary, or null when it is not installed. Resolved by hand on purpose:
 * require('electron') tries to download a missing binary, which hangs or fails offline.
 * Honours ELECTRON_OVERRIDE_DIST_PATH as the electron package does, and
 * SITE_MANAGER_ELECTRON_BINARY (the binary's own path; used only when it exists), which lets
 * a test or a person pick the fallback to the web shell on a machine where Electron works.
 */
export function findElectronBinary({ root = appRoot, env = process.env } = {}) {
  if (env.SITE_MANAGER_ELECTRON_BINARY) {
    return existsSync(env.SITE_MANAGER_ELECTRON_BINARY) ? env.SITE_MANAGER_ELECTRON_BINARY : null
  }
  let packageDir
  try {
    packageDir = dirname(createRequire(join(root, 'package.json')).resolve('electron/package.json'))
  } catch {
    return null
  }
  const pathFile = join(packageDir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const dist = env.ELECTRON_OVERRIDE_DIST_PATH ?? join(packageDir, 'dist')
  const binary = join(dist, readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : null
}

/** Why Electron cannot open a window here, as the end of a sentence; null when it can. */
export function whyElectronCannotStart({ binary, platform = process.platform, env = process.env }) {
  if (!binary) return 'its binary is not installed'
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return 'there is no display to show a window on'
  return null
}

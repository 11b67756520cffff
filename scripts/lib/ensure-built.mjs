// Builds what is missing or stale before the app starts: the About box's license list,
// electron-vite's main, preload and renderer with the icons beside them, then the web shell
// (out/web). Build chatter goes to stderr so stdout carries
// only what the app prints (the web shell's address).
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { appRoot } from './app-root.mjs'
import { isFresh } from './build-freshness.mjs'
import { copyIcons } from '../copy-icons.mjs'
import { writeLicenses } from '../licenses.mjs'

const at = (...parts) => join(appRoot, ...parts)
const CONFIG_INPUTS = [at('package.json'), at('package-lock.json'), at('tsconfig.base.json')]

const ELECTRON_BUILD = {
  outputs: [at('out/main/index.js'), at('out/preload/index.cjs'), at('out/renderer/index.html')],
  inputs: [at('src/shared'), at('src/core'), at('src/main'), at('src/preload'), at('src/renderer'),
    at('src/reference-server'), at('electron.vite.config.ts'), at('resources'), ...CONFIG_INPUTS],
}
const WEB_BUILD = {
  outputs: [at('out/web/cli.js'), at('out/web/bridge.js')],
  inputs: [at('src/shared'), at('src/core'), at('src/web'), at('src/reference-server'),
    at('scripts/build-web.mjs'), ...CONFIG_INPUTS],
}

export class BuildFailedError extends Error {}

/** Runs the builds that are needed; throws BuildFailedError when one fails. */
export async function ensureBuilt({ force = false } = {}) {
  // The About box's list of licenses is bundled by the renderer: written first, and only when
  // it changed, so an unchanged list keeps the build fresh.
  writeLicenses()
  if (force || !isFresh(ELECTRON_BUILD)) {
    process.stderr.write('Building the app (electron-vite build)...\n')
    const result = spawnSync(at('node_modules/.bin/electron-vite'), ['build'], {
      cwd: appRoot,
      stdio: ['ignore', process.stderr, process.stderr],
    })
    if (result.status !== 0) throw new BuildFailedError('The app did not build: see the messages above.')
  }
  // The window and the tray load their icons from out/icons (the packaged app carries only out/).
  copyIcons()
  if (force || !isFresh(WEB_BUILD)) {
    process.stderr.write('Building the web shell...\n')
    const { buildWeb } = await import('../build-web.mjs')
    try {
      await buildWeb()
    } catch (error) {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
      throw new BuildFailedError('The web shell did not build: see the messages above.')
    }
  }
}

// Files of the built app, found relative to the bundled main script (out/main/index.js):
// electron-vite writes the preload and the renderer beside it (see electron.vite.config.ts).
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const mainDir = dirname(fileURLToPath(import.meta.url))

/** The sandboxed preload, bundled into one self-contained CommonJS file. */
export const PRELOAD_PATH = join(mainDir, '../preload/index.cjs')
export const RENDERER_INDEX_HTML = join(mainDir, '../renderer/index.html')

/** Remembered window bounds, under Electron's userData folder. */
export const WINDOW_STATE_FILE = 'window-state.json'

/**
 * Names the better-sqlite3 build for this Electron when unpackaged (npm start builds it:
 * scripts/lib/electron-sqlite.mjs uses the same name).
 */
export const SQLITE_BINDING_ENV = 'SITE_MANAGER_SQLITE_BINDING'

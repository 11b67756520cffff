// `node scripts/build.mjs [--force]`: builds the app (electron-vite) and the web shell when
// their output is older than the sources, or always with --force (`npm run build`). The About
// box's list of licenses is written first (the renderer bundles it) and the icons are copied
// into out/ after (the window and tray load them from there).
import { BuildFailedError, ensureBuilt } from './lib/ensure-built.mjs'
import { copyIcons } from './copy-icons.mjs'
import { writeLicenses } from './licenses.mjs'

try {
  writeLicenses()
  await ensureBuilt({ force: process.argv.includes('--force') })
  copyIcons()
} catch (error) {
  if (!(error instanceof BuildFailedError)) throw error
  process.stderr.write(`${error.message}\n`)
  process.exit(1)
}

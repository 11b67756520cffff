// The app's icon files at run time. The build copies resources/icons/*.png into out/icons
// (scripts/copy-icons.mjs), beside the bundled main script (out/main/index.js), so the
// window and the tray find them inside the packaged app's archive. An unpackaged build made
// without that step (`npm start` builds with electron-vite alone) takes them from resources/.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const mainDir = dirname(fileURLToPath(import.meta.url))

/** out/icons when the build copied them there, else the repository's resources/icons. */
export function iconsDir(from: string = mainDir): string {
  const built = join(from, '../icons')
  return existsSync(built) ? built : join(from, '../../resources/icons')
}

/** The window's icon (Windows and Linux; macOS takes the bundle's .icns). */
export const WINDOW_ICON_PATH = join(iconsDir(), '256x256.png')
/** Tray icons are drawn small; 32 px stays sharp on a doubled (HiDPI) tray too. */
export const TRAY_ICON_PATH = join(iconsDir(), '32x32.png')

// `node scripts/copy-icons.mjs`: copies the app's PNG icons (resources/icons) into out/icons,
// where the built main process finds them for the window and the tray (src/main/app-icon.ts).
// out/ is all the packaged app carries, so the icons must be inside it.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

export function copyIcons() {
  const from = join(root, 'resources/icons')
  const to = join(root, 'out/icons')
  mkdirSync(to, { recursive: true })
  const files = readdirSync(from).filter((name) => name.endsWith('.png'))
  for (const name of files) copyFileSync(join(from, name), join(to, name))
  return files
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) copyIcons()

// `node scripts/build.mjs [--force]`: builds the app (electron-vite) and the web shell when
// their output is older than the sources, or always with --force (`npm run build`); see
// lib/ensure-built.mjs (the license list and the icons included).
import { BuildFailedError, ensureBuilt } from './lib/ensure-built.mjs'

try {
  await ensureBuilt({ force: process.argv.includes('--force') })
} catch (error) {
  if (!(error instanceof BuildFailedError)) throw error
  process.stderr.write(`${error.message}\n`)
  process.exit(1)
}

// `npm run web -- [--port N] [--data-dir DIR] [--token T] [--no-open] [--demo]`
// Builds what is stale, then runs the web shell in this process (see src/web/cli.ts).
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'
import { appRoot } from './lib/app-root.mjs'
import { BuildFailedError, ensureBuilt } from './lib/ensure-built.mjs'
import { ensureInstalled } from './lib/ensure-installed.mjs'

export async function runWebShell() {
  // The shell reads its options from process.argv, which already holds ours unchanged.
  await import(pathToFileURL(join(appRoot, 'out/web/cli.js')).href)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureInstalled()
  try {
    await ensureBuilt()
  } catch (error) {
    if (!(error instanceof BuildFailedError)) throw error
    process.stderr.write(`${error.message}\n`)
    process.exit(1)
  }
  await runWebShell()
}

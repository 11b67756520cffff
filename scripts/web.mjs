// `npm run web -- [--port N] [--data-dir DIR] [--token T] [--no-open] [--demo] [--demo-interval-ms N]`
// Builds what is stale, then runs the web shell in this process (see src/web/cli.ts).
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'
import { appRoot } from './lib/app-root.mjs'
import { prepareApp } from './lib/prepare-app.mjs'

export async function runWebShell() {
  // The shell reads its options from process.argv, which already holds ours unchanged.
  await import(pathToFileURL(join(appRoot, 'out/web/cli.js')).href)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await prepareApp()
  await runWebShell()
}

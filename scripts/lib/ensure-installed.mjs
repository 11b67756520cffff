// Runs scripts/install-deps.sh when node_modules does not match package-lock.json, so the
// start and web commands work from a fresh clone. Uses Node built-ins only: it runs before
// anything is installed.
import { spawnSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { appRoot } from './app-root.mjs'

function mtime(file) {
  try {
    return statSync(join(appRoot, file)).mtimeMs
  } catch {
    return null
  }
}

/** The same test as node_modules_current in lib/machine-setup.sh. */
export function nodeModulesCurrent() {
  const installed = mtime('node_modules/.package-lock.json')
  return installed !== null && installed >= (mtime('package-lock.json') ?? 0) && installed >= (mtime('package.json') ?? 0)
}

export function ensureInstalled() {
  if (nodeModulesCurrent()) return
  const result = spawnSync('bash', [join(appRoot, 'scripts', 'install-deps.sh')], {
    cwd: appRoot,
    stdio: ['ignore', process.stderr, process.stderr],
  })
  if (result.status !== 0) {
    process.stderr.write('Installing the dependencies failed: see the messages above.\n')
    process.exit(1)
  }
}

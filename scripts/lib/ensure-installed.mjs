// Before `npm start` and `npm run web`: installs the dependencies only when node_modules is
// missing (a fresh clone). When it is there but was installed from another package-lock.json
// it says so and goes on with what is there: wiping a working node_modules (perhaps shared
// with other people's running tools) is for an explicit `npm ci` or the test command only.
// Node built-ins only: it runs before anything is installed.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { appRoot } from './app-root.mjs'
import { installState } from './install-stamp.mjs'
import { reportInstallProgress } from './install-progress.mjs'

export const STALE_NOTICE = 'Dependencies changed: run `npm ci` (or the README\'s test command) first.'

/** Runs install-deps.sh, saying every few seconds how far it got; resolves with its exit status. */
function runInstall() {
  const stopReporting = reportInstallProgress({ root: appRoot, write: (text) => process.stderr.write(text) })
  return new Promise((resolve) => {
    const child = spawn('bash', [join(appRoot, 'scripts', 'install-deps.sh')], {
      cwd: appRoot,
      stdio: ['ignore', process.stderr, process.stderr],
    })
    child.on('error', () => resolve(1))
    child.on('close', (status) => resolve(status ?? 1))
  }).finally(stopReporting)
}

export async function ensureInstalled() {
  const state = installState()
  if (state === 'current') return
  if (state === 'stale') {
    process.stderr.write(`${STALE_NOTICE}\n`)
    return
  }
  if ((await runInstall()) !== 0) {
    process.stderr.write('Installing the dependencies failed: see the messages above.\n')
    process.exit(1)
  }
}

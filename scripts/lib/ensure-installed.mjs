// Before `npm start` and `npm run web`: installs the dependencies only when node_modules is
// missing (a fresh clone). When it is there but was installed from another package-lock.json
// it says so and goes on with what is there: wiping a working node_modules (perhaps shared
// with other people's running tools) is for an explicit `npm ci` or the test command only.
// Node built-ins only: it runs before anything is installed.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { appRoot } from './app-root.mjs'
import { installState } from './install-stamp.mjs'

export const STALE_NOTICE = 'Dependencies changed: run `npm ci` (or the README\'s test command) first.'

export function ensureInstalled() {
  const state = installState()
  if (state === 'current') return
  if (state === 'stale') {
    process.stderr.write(`${STALE_NOTICE}\n`)
    return
  }
  const result = spawnSync('bash', [join(appRoot, 'scripts', 'install-deps.sh')], {
    cwd: appRoot,
    stdio: ['ignore', process.stderr, process.stderr],
  })
  if (result.status !== 0) {
    process.stderr.write('Installing the dependencies failed: see the messages above.\n')
    process.exit(1)
  }
}

// Before any e2e test: the app and the web shell must be built (out/). Builds only what is
// stale, so after `npm run build` this is a quick check. scripts/test-all.sh has its own
// build step and sets E2E_SKIP_BUILD=1, so a broken build is reported once, not twice.
// Then the run takes its own copy of the build (see app-snapshot.ts), removed at the end.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { SNAPSHOT_ENV, snapshotBuiltApp } from './app-snapshot'
import { APP_ROOT } from './web-shell'

export default function globalSetup(): () => void {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const result = spawnSync(process.execPath, [join(APP_ROOT, 'scripts', 'build.mjs')], { cwd: APP_ROOT, stdio: 'inherit' })
    if (result.status !== 0) throw new Error('The app did not build, so the e2e tests cannot run (see above).')
  }
  const snapshot = snapshotBuiltApp(APP_ROOT)
  // Workers start after the global setup and inherit this.
  process.env[SNAPSHOT_ENV] = snapshot.dir
  return snapshot.remove
}

// The e2e run serves its own copy of the built app. out/ is shared by everyone working in
// this checkout, and a build started elsewhere during the run (electron-vite empties
// out/renderer and writes chunks under new hashed names) would pull the lazily loaded views
// out from under a page already open: its next route change then fails to load and the page
// stays where it was. A copy taken once, before the first test, cannot change under the run.
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Set by the global setup for the test workers: the copy's root, laid out like the app's. */
export const SNAPSHOT_ENV = 'SITE_MANAGER_E2E_APP_DIR'

/** Copies package.json and the two builds; node_modules is linked, as it stays put. */
export function snapshotBuiltApp(appRoot: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'site-manager-e2e-app-'))
  // The web shell finds its files by walking up from cli.js to this package.json.
  cpSync(join(appRoot, 'package.json'), join(dir, 'package.json'))
  for (const part of ['renderer', 'web']) cpSync(join(appRoot, 'out', part), join(dir, 'out', part), { recursive: true })
  symlinkSync(join(appRoot, 'node_modules'), join(dir, 'node_modules'), 'dir')
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

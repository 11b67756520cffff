// The desktop app under `npm start` loads a better-sqlite3 build made for Electron: the store
// must open with the compiled module it is given, and refuse clearly when it is not there.
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { SqliteWorkspaceStore } from '../../../../src/core/store/sqlite-workspace-store'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-binding-'))
  dirs.push(dir)
  return dir
}

it('opens with the compiled module it is given', () => {
  const packageDir = dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'))
  const nativeBinding = join(packageDir, 'build', 'Release', 'better_sqlite3.node')
  const store = SqliteWorkspaceStore.open({ dataDir: dataDir(), nativeBinding })
  expect(store.notice).toBeNull()
  expect(store.settings()).toEqual({ syncIntervalMinutes: 5, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
  store.close()
})

it('fails to open, rather than run without a store, when the module is not there', () => {
  expect(() => SqliteWorkspaceStore.open({ dataDir: dataDir(), nativeBinding: '/nowhere/better_sqlite3.node' })).toThrow()
})

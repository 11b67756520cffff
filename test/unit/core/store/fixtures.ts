// Sites, tags and events shaped as the API gives them, and a store per test in a temp folder.
import type { Site, SiteEvent, Tag } from '../../../../src/shared'
import { afterEach } from 'vitest'
import { SqliteWorkspaceStore } from '../../../../src/core/store/sqlite-workspace-store'
import { makeEvent, makeSite, makeTag } from '../../support/domain-objects'
import { withTempDirs } from '../support/temp-dir'

export const ACCOUNT_A = '6f1c1c3e-4a51-4bb5-9d58-8a3f0f5e7a10'
export const ACCOUNT_B = '0b6a8f2e-93c4-4a7e-8d1f-2c5e9b7a4d30'

// The store tests' defaults over the shared shapes: timestamps of 2026, never checked.
const STAMP = '2026-01-01T00:00:00+00:00'

export function tag(id: number, name = `tag ${id}`): Tag {
  return { ...makeTag(id, name), created_at: STAMP, updated_at: STAMP }
}

export function site(id: number, overrides: Partial<Site> = {}): Site {
  return makeSite(id, {
    url: `https://site-${id}.example`,
    admin_url: `https://site-${id}.example/admin`,
    server: { ip: '192.0.2.1', web: 'nginx', php: '8.3', mysql: '8.0' },
    created_at: STAMP,
    updated_at: STAMP,
    last_check_at: null,
    ...overrides,
  })
}

export function event(id: number, overrides: Partial<SiteEvent> = {}): SiteEvent {
  return makeEvent(id, { created_at: '2026-11-02T10:00:00+00:00', ...overrides })
}

/** Opens a store in `dataDir`; closed by the returned cleanup along with every other one. */
export function storeOpener() {
  const opened: SqliteWorkspaceStore[] = []
  return {
    open(dataDir: string, options: { now?: () => Date; changesKept?: number } = {}): SqliteWorkspaceStore {
      const store = SqliteWorkspaceStore.open({ dataDir, ...options })
      opened.push(store)
      return store
    },
    closeAll(): void {
      for (const store of opened.splice(0)) store.close()
    },
  }
}

/** Temp folders and the stores opened in them, all closed and removed after each test. */
export async function storesPerTest() {
  const dirs = await withTempDirs()
  const stores = storeOpener()
  afterEach(async () => {
    stores.closeAll()
    await dirs.cleanup()
  })
  return { dirs, stores }
}

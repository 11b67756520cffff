// Sites, tags and events shaped as the API gives them, and a store per test in a temp folder.
import type { Site, SiteEvent, Tag } from '../../../../src/shared'
import { SqliteWorkspaceStore } from '../../../../src/core/store/sqlite-workspace-store'

export const ACCOUNT_A = '6f1c1c3e-4a51-4bb5-9d58-8a3f0f5e7a10'
export const ACCOUNT_B = '0b6a8f2e-93c4-4a7e-8d1f-2c5e9b7a4d30'

export function tag(id: number, name = `tag ${id}`): Tag {
  return { id, name, created_at: '2026-01-01T00:00:00+00:00', updated_at: '2026-01-01T00:00:00+00:00' }
}

export function site(id: number, overrides: Partial<Site> = {}): Site {
  return {
    id,
    name: `Site ${id}`,
    url: `https://site-${id}.example`,
    admin_url: `https://site-${id}.example/admin`,
    notes: '',
    status: 'Ok',
    published: 1,
    tags: [],
    server: { ip: '192.0.2.1', web: 'nginx', php: '8.3', mysql: '8.0' },
    updates_count: 0,
    created_at: '2026-01-01T00:00:00+00:00',
    updated_at: '2026-01-01T00:00:00+00:00',
    last_check_at: null,
    ...overrides,
  }
}

export function event(id: number, overrides: Partial<SiteEvent> = {}): SiteEvent {
  return {
    id,
    site_id: 1,
    category: 'client',
    message: `Event ${id}`,
    type: 'updated_extension',
    created_at: '2026-11-02T10:00:00+00:00',
    ...overrides,
  }
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

// A health service over a real SqliteWorkspaceStore in a temp folder, with sites the test
// gives, the loopback-only network and a ManualClock; pushes are kept for the test to read.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Account, PushEvent, PushEvents, Site } from '../../../../../src/shared'
import { HealthService, type HealthServiceOptions } from '../../../../../src/core/health/health-service'
import { HealthStore } from '../../../../../src/core/health/health-store'
import { loopbackNetwork } from '../../../../../src/core/health/health-network'
import { SqliteWorkspaceStore } from '../../../../../src/core/store/sqlite-workspace-store'
import { ManualClock } from '../../sync/support/manual-clock'

export const REMOTE = '6f1c1c3e-4a51-4bb5-9d58-8a3f0f5e7a10'
export const DEMO = '0b7a4a52-3c1d-4c55-9f0e-1d2c3b4a5f60'

export function siteAt(id: number, url: string, server: Partial<Site['server']> = {}): Site {
  return {
    id,
    name: `Site ${id}`,
    url,
    admin_url: `${url}admin`,
    notes: '',
    status: 'Ok',
    published: 1,
    tags: [],
    server: { ip: null, web: null, php: null, mysql: null, ...server },
    updates_count: 0,
    created_at: '2026-01-01T00:00:00+00:00',
    updated_at: '2026-01-01T00:00:00+00:00',
    last_check_at: null,
  }
}

export function account(id: string, kind: Account['kind'], label = kind === 'demo' ? 'Demo' : 'Agency'): Account {
  return { id, label, baseUrl: 'http://127.0.0.1:1/api/v1', kind, tokenState: 'ok', createdAt: '2026-01-01T00:00:00Z' }
}

export function healthFixture(accounts: Account[], options: Partial<HealthServiceOptions> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'health-service-'))
  const workspace = SqliteWorkspaceStore.open({ dataDir: dir })
  const store = new HealthStore(workspace.database)
  const clock = new ManualClock()
  const pushed: { event: PushEvent; payload: unknown }[] = []
  // What the service wrote down: a refusal of the loopback-only network lands here, and a test
  // that reached for the world fails on it.
  const errors: unknown[] = []
  const service = new HealthService({
    store,
    sites: (accountId) => workspace.sites(accountId),
    accounts: async () => accounts,
    events: { emit: (event, payload) => void pushed.push({ event, payload }) },
    network: loopbackNetwork({ hosts: { 'site.test': ['127.0.0.1'] } }),
    clock,
    userAgent: 'Site Manager/0.0.0-test (site health check)',
    isOnline: () => true,
    retentionDays: () => 365,
    hostSpacingMs: 0,
    onError: (error) => errors.push(error),
    ...options,
  })
  return {
    workspace,
    store,
    clock,
    errors,
    service,
    setSites(accountId: string, sites: Site[]) {
      workspace.replaceSnapshot(accountId, { sites, tags: [], syncedAt: new Date(clock.now()).toISOString() })
    },
    pushesOf<E extends PushEvent>(event: E): PushEvents[E][] {
      return pushed.filter((p) => p.event === event).map((p) => p.payload as PushEvents[E])
    },
    async dispose() {
      await service.dispose()
      workspace.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

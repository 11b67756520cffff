// One hostile case end to end: the real SyncEngine over a real SqliteWorkspaceStore and the
// real SiteApiClient, synced once against the server while it behaves; then the test makes it
// misbehave, syncs again and checks what the person sees and that nothing was lost or leaked.
import { expect } from 'vitest'
import type { SiteApiClientConfig } from '../../../../../src/core/api'
import type { SyncState } from '../../../../../src/shared'
import { fakeTiming } from '../../api/support/fake-timing'
import { ACCOUNT, closeHarnesses, makeHarness } from '../../sync/support/engine-harness'
import { ManualClock } from '../../sync/support/manual-clock'
import { startHostileServer, type HostileServer, type Misbehaviour } from './hostile-server'

export const TOKEN = 'hostile-suite-token-0123456789abcdef'
const servers: HostileServer[] = []

export async function closeHostile(): Promise<void> {
  await closeHarnesses()
  for (const server of servers.splice(0)) {
    await server.listener.close()
    await server.spy.close()
  }
}

export async function hostileCase(client: Partial<SiteApiClientConfig> = {}) {
  const server = await startHostileServer()
  servers.push(server)
  const clock = new ManualClock()
  // Retries, backoff and Retry-After waits of the client run at once on a fake clock.
  const timing = fakeTiming()
  const h = await makeHarness({ baseUrl: server.baseUrl, token: TOKEN, clock, client: { timing, ...client } })
  const good = await h.engine.syncNow(ACCOUNT)
  expect(good).toMatchObject({ status: 'idle', error: null })
  const snapshot = { sites: h.store.sites(ACCOUNT), tags: h.store.tags(ACCOUNT), events: h.store.eventCount(ACCOUNT), lastSyncedAt: good.lastSyncedAt }
  expect(snapshot.sites).toHaveLength(40)

  return {
    server,
    h,
    clock,
    timing,
    host: new URL(server.baseUrl).host,
    /** Makes the server misbehave and syncs; answers the state the person sees. */
    async syncWhile(misbehave: Misbehaviour): Promise<SyncState> {
      server.misbehave = misbehave
      return h.engine.syncNow(ACCOUNT)
    },
    /** The last good snapshot is still there, and nobody at the other origin heard from the app. */
    expectUnharmed(state: SyncState): void {
      expect(state.lastSyncedAt).toBe(snapshot.lastSyncedAt)
      expect(h.store.sites(ACCOUNT)).toEqual(snapshot.sites)
      expect(h.store.tags(ACCOUNT)).toEqual(snapshot.tags)
      expect(h.store.eventCount(ACCOUNT)).toBe(snapshot.events)
      expect(server.spy.requests).toEqual([])
      expect(JSON.stringify(state)).not.toContain(TOKEN)
    },
  }
}

/** The failed state's message, after checking that the sync failed with `code`. */
export function failedWith(state: SyncState, code: string): string {
  expect(state.status).toBe('failed')
  expect(state.error?.code).toBe(code)
  return state.error?.message ?? ''
}

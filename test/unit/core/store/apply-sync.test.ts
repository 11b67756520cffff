// A full sync's write (applySync) into the real SQLite store: what it changed, found in the
// same comparison that keeps each site's history, and all of it in one transaction.
import { beforeEach, describe, expect, it } from 'vitest'
import type { SiteEvent } from '../../../../src/shared'
import type { SqliteWorkspaceStore } from '../../../../src/core/store/sqlite-workspace-store'
import { newestFirst } from '../../../../src/core/store/sync-changes'
import type { SyncWrite } from '../../../../src/core/store/workspace-store'
import { ACCOUNT_A, event, site, storesPerTest, tag } from './fixtures'

const { dirs, stores } = await storesPerTest()
let store: SqliteWorkspaceStore
beforeEach(async () => {
  store = stores.open(await dirs.make())
})

const SYNCED_AT = '2026-11-02T10:00:00.000Z'

function sync(overrides: Partial<SyncWrite> = {}): SyncWrite {
  return { sites: [], tags: [], syncedAt: SYNCED_AT, events: [], first: false, nextBackfillPage: (_stored, current) => current, ...overrides }
}

describe('applySync', () => {
  it('names the sites added and removed, the updates and checks that changed, and the new events', () => {
    store.replaceSnapshot(ACCOUNT_A, { sites: [site(1, { updates_count: 2 }), site(2), site(3)], tags: [], syncedAt: '2026-11-01T10:00:00.000Z' })
    store.addEvents(ACCOUNT_A, [event(5)])

    const written = store.applySync(
      ACCOUNT_A,
      sync({
        sites: [site(4), site(2, { last_check_at: '2026-11-02T09:00:00+00:00' }), site(1, { updates_count: 5 })],
        events: [event(7, { created_at: '2026-11-02T09:00:00+00:00' }), event(9, { created_at: '2026-11-02T09:30:00+00:00' }), event(8, { created_at: '2026-11-02T09:30:00+00:00' }), event(5)],
      }),
    )

    const changes = {
      accountId: ACCOUNT_A,
      syncedAt: SYNCED_AT,
      first: false,
      sitesAdded: [4],
      sitesRemoved: [3],
      updatesChanged: [{ siteId: 1, from: 2, to: 5 }],
      lastCheckChanged: [2],
      newEventIds: [9, 8, 7],
      newEventCount: 3,
    }
    expect(written).toMatchObject({ changes, sitesChanged: true, tagsChanged: false, backfillPage: null })
    expect(written.newEvents.map((e) => e.id)).toEqual([7, 9, 8])
    expect(store.recentChanges(ACCOUNT_A, 5)).toEqual([changes])
    expect(store.eventCount(ACCOUNT_A)).toBe(4)
    expect(store.syncMeta(ACCOUNT_A).lastSyncedAt).toBe(SYNCED_AT)
    // The history holds the same comparison.
    expect(store.siteHistory(ACCOUNT_A, 1, 10).changes).toEqual([{ at: SYNCED_AT, field: 'updates', from: 2, to: 5 }])
  })

  it('reads a missing updates_count as null, and records nothing for a sync that changed nothing', () => {
    store.replaceSnapshot(ACCOUNT_A, { sites: [site(1, { updates_count: undefined })], tags: [tag(1)], syncedAt: '2026-11-01T10:00:00.000Z' })

    expect(store.applySync(ACCOUNT_A, sync({ sites: [site(1, { updates_count: 0 })], tags: [tag(1)] })).changes.updatesChanged).toEqual([
      { siteId: 1, from: null, to: 0 },
    ])
    const unchanged = store.applySync(ACCOUNT_A, sync({ sites: [site(1, { updates_count: 0 })], tags: [tag(1)], syncedAt: '2026-11-02T11:00:00.000Z' }))

    expect(unchanged).toMatchObject({ sitesChanged: false, tagsChanged: false, newEvents: [] })
    expect(store.recentChanges(ACCOUNT_A, 5)).toHaveLength(1)
    expect(store.syncMeta(ACCOUNT_A).lastSyncedAt).toBe('2026-11-02T11:00:00.000Z')
  })

  it('records a first sync even when it found nothing, and tells a changed tag', () => {
    const written = store.applySync(ACCOUNT_A, sync({ first: true, tags: [tag(1)] }))
    expect(written).toMatchObject({ sitesChanged: false, tagsChanged: true })
    expect(store.recentChanges(ACCOUNT_A, 5)).toEqual([written.changes])
    expect(store.applySync(ACCOUNT_A, sync({ tags: [tag(1, 'renamed')] })).tagsChanged).toBe(true)
  })

  it('keeps at most 300 new event ids, the newest, and counts them all', () => {
    const events = Array.from({ length: 450 }, (_, i) => event(i + 1, { created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString() }))
    const { changes } = store.applySync(ACCOUNT_A, sync({ first: true, events }))
    expect(changes.newEventCount).toBe(450)
    expect(changes.newEventIds).toHaveLength(300)
    expect(changes.newEventIds[0]).toBe(450)
    expect(changes.newEventIds.at(-1)).toBe(151)
  })

  it("moves the backfill's page by the sync's rule, told how many events were new", () => {
    store.setSyncMeta(ACCOUNT_A, { eventsBackfillPage: 4 })
    store.addEvents(ACCOUNT_A, [event(1)])
    const seen: [number, number | null][] = []
    const written = store.applySync(
      ACCOUNT_A,
      sync({
        events: [event(1), event(2), event(3)],
        nextBackfillPage: (storedCount, current) => {
          seen.push([storedCount, current])
          return 6
        },
      }),
    )
    expect(seen).toEqual([[2, 4]])
    expect(written.backfillPage).toBe(6)
    expect(store.syncMeta(ACCOUNT_A).eventsBackfillPage).toBe(6)
  })

  it('writes nothing when a step fails: sites, tags, events, history and bookkeeping stay as they were', () => {
    store.replaceSnapshot(ACCOUNT_A, { sites: [site(1, { updates_count: 1 })], tags: [tag(1)], syncedAt: '2026-11-01T10:00:00.000Z' })
    store.setSyncMeta(ACCOUNT_A, { eventsBackfillPage: 2 })
    const before = { sites: store.sites(ACCOUNT_A), tags: store.tags(ACCOUNT_A), meta: store.syncMeta(ACCOUNT_A) }

    expect(() =>
      store.applySync(
        ACCOUNT_A,
        sync({
          sites: [site(1, { updates_count: 3 }), site(2)],
          tags: [],
          events: [event(1)],
          nextBackfillPage: () => {
            throw new Error('the last step failed')
          },
        }),
      ),
    ).toThrow('the last step failed')

    expect(store.sites(ACCOUNT_A)).toEqual(before.sites)
    expect(store.tags(ACCOUNT_A)).toEqual(before.tags)
    expect(store.syncMeta(ACCOUNT_A)).toEqual(before.meta)
    expect(store.eventCount(ACCOUNT_A)).toBe(0)
    expect(store.recentChanges(ACCOUNT_A, 5)).toEqual([])
    expect(store.siteHistory(ACCOUNT_A, 1, 10).changes).toEqual([])
  })
})

describe('newestFirst', () => {
  it('orders events newest first by time, then id', () => {
    const at = (id: number, createdAt: string): SiteEvent => event(id, { created_at: createdAt })
    const sorted = newestFirst([at(1, '2026-01-01T10:00:00+00:00'), at(3, '2026-01-01T09:00:00+00:00'), at(2, '2026-01-01T10:00:00+00:00')])
    expect(sorted.map((e) => e.id)).toEqual([2, 1, 3])
  })
})

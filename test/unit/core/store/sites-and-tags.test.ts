// Sites, tags and sync bookkeeping: stored as the API gave them, replaced whole or not at all,
// and kept apart per account.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Site } from '../../../../src/shared'
import type { SqliteWorkspaceStore } from '../../../../src/core/store/sqlite-workspace-store'
import { WORKSPACE_FILE } from '../../../../src/core/store/workspace-database'
import { ACCOUNT_A, ACCOUNT_B, event, site, tag, storesPerTest } from './fixtures'

const { dirs, stores } = await storesPerTest()
let store: SqliteWorkspaceStore
let dataDir: string
beforeEach(async () => {
  dataDir = await dirs.make()
  store = stores.open(dataDir)
})

const syncedAt = '2026-11-02T10:00:00.000Z'

describe('replaceSnapshot', () => {
  it('stores sites and tags as given, answered in ascending id, and sets lastSyncedAt', () => {
    const sites = [site(30, { tags: [tag(2)] }), site(4, { updates_count: 3 }), site(12, { last_check_at: '2026-11-01T08:00:00+02:00' })]
    store.replaceSnapshot(ACCOUNT_A, { sites, tags: [tag(9), tag(2)], syncedAt })

    expect(store.sites(ACCOUNT_A)).toEqual([sites[1], sites[2], sites[0]])
    expect(store.tags(ACCOUNT_A)).toEqual([tag(2), tag(9)])
    expect(store.site(ACCOUNT_A, 12)).toEqual(sites[2])
    expect(store.site(ACCOUNT_A, 13)).toBeUndefined()
    expect(store.syncMeta(ACCOUNT_A)).toEqual({ lastSyncedAt: syncedAt, lastAttemptAt: null, eventsBackfillPage: null })
  })

  it('replaces the previous snapshot whole: sites and tags no longer listed are gone', () => {
    store.replaceSnapshot(ACCOUNT_A, { sites: [site(1), site(2)], tags: [tag(1), tag(2)], syncedAt })
    store.replaceSnapshot(ACCOUNT_A, {
      sites: [site(2, { name: 'Renamed' }), site(3)],
      tags: [tag(3)],
      syncedAt: '2026-11-02T11:00:00.000Z',
    })

    expect(store.sites(ACCOUNT_A)).toEqual([site(2, { name: 'Renamed' }), site(3)])
    expect(store.tags(ACCOUNT_A)).toEqual([tag(3)])
    expect(store.syncMeta(ACCOUNT_A).lastSyncedAt).toBe('2026-11-02T11:00:00.000Z')
  })

  it.each([
    ['a site that cannot be written as JSON', { ...site(3), server: { ip: 1n } } as unknown as Site],
    ['a site without a name', site(3, { name: null as unknown as string })],
  ])('keeps the previous snapshot whole when %s fails the write midway', (_what, broken) => {
    store.replaceSnapshot(ACCOUNT_A, { sites: [site(1), site(2)], tags: [tag(1)], syncedAt })
    store.addEvents(ACCOUNT_A, [event(1, { site_id: 1, message: 'checked' })])

    expect(() =>
      store.replaceSnapshot(ACCOUNT_A, {
        sites: [site(1, { name: 'New name' }), site(2, { name: 'Other' }), broken, site(4)],
        tags: [tag(5)],
        syncedAt: '2026-11-02T11:00:00.000Z',
      }),
    ).toThrow()

    expect(store.sites(ACCOUNT_A)).toEqual([site(1), site(2)])
    expect(store.tags(ACCOUNT_A)).toEqual([tag(1)])
    expect(store.syncMeta(ACCOUNT_A).lastSyncedAt).toBe(syncedAt)
    // The search index is in the same transaction: the event is still found by its old site name.
    expect(store.queryEvents({ scope: [ACCOUNT_A], text: 'site 1' }).events.map((e) => e.id)).toEqual([1])
    expect(store.queryEvents({ scope: [ACCOUNT_A], text: 'new name' }).total).toBe(0)
  })

  it('stores a site listed twice once, the later copy winning', () => {
    store.replaceSnapshot(ACCOUNT_A, { sites: [site(1), site(1, { name: 'Later' })], tags: [], syncedAt })
    expect(store.sites(ACCOUNT_A)).toEqual([site(1, { name: 'Later' })])
  })

  it('never stores a private_key, even when a site object carries one', () => {
    const withKey = { ...site(1), private_key: 'very-secret-key-material' } as Site
    store.replaceSnapshot(ACCOUNT_A, { sites: [withKey], tags: [], syncedAt })
    store.upsertSite(ACCOUNT_A, { ...site(2), private_key: 'very-secret-key-material' } as Site)
    store.close()

    for (const suffix of ['', '-wal']) {
      const bytes = (() => {
        try {
          return readFileSync(join(dataDir, WORKSPACE_FILE + suffix), 'latin1')
        } catch {
          return ''
        }
      })()
      expect(bytes).not.toContain('very-secret-key-material')
    }
    store = stores.open(dataDir)
    expect(store.sites(ACCOUNT_A)).toEqual([site(1), site(2)])
  })
})

describe('single sites and tags', () => {
  it('upsertSite adds and replaces one site', () => {
    store.upsertSite(ACCOUNT_A, site(2))
    store.upsertSite(ACCOUNT_A, site(1))
    store.upsertSite(ACCOUNT_A, site(2, { notes: 'edited' }))
    expect(store.sites(ACCOUNT_A)).toEqual([site(1), site(2, { notes: 'edited' })])
  })

  it("removeSite removes the site and its events, and no other site's", () => {
    store.replaceSnapshot(ACCOUNT_A, { sites: [site(1), site(2)], tags: [], syncedAt })
    store.addEvents(ACCOUNT_A, [event(1, { site_id: 1 }), event(2, { site_id: 2 }), event(3, { site_id: 1 })])

    store.removeSite(ACCOUNT_A, 1)

    expect(store.sites(ACCOUNT_A)).toEqual([site(2)])
    expect(store.eventCount(ACCOUNT_A)).toBe(1)
    expect(store.knownEventIds(ACCOUNT_A, [1, 2, 3])).toEqual(new Set([2]))
    expect(store.queryEvents({ scope: [ACCOUNT_A], text: 'event' }).events.map((e) => e.id)).toEqual([2])
  })

  it('removeTag removes the tag and detaches it from the sites that carried it', () => {
    const sites = [site(1, { tags: [tag(1), tag(2)] }), site(2, { tags: [tag(2)] }), site(3, { tags: [tag(1)] })]
    store.replaceSnapshot(ACCOUNT_A, { sites, tags: [tag(1), tag(2)], syncedAt })
    store.replaceSnapshot(ACCOUNT_B, { sites: [site(1, { tags: [tag(2)] })], tags: [tag(2)], syncedAt })

    store.removeTag(ACCOUNT_A, 2)

    expect(store.tags(ACCOUNT_A)).toEqual([tag(1)])
    expect(store.sites(ACCOUNT_A)).toEqual([site(1, { tags: [tag(1)] }), site(2, { tags: [] }), site(3, { tags: [tag(1)] })])
    expect(store.sites(ACCOUNT_B)).toEqual([site(1, { tags: [tag(2)] })])
    expect(store.tags(ACCOUNT_B)).toEqual([tag(2)])
  })

  it('upsertTag adds a tag, and a changed tag changes in the sites that carry it', () => {
    store.replaceSnapshot(ACCOUNT_A, { sites: [site(1, { tags: [tag(1), tag(2)] }), site(2)], tags: [tag(1), tag(2)], syncedAt })

    store.upsertTag(ACCOUNT_A, tag(3))
    store.upsertTag(ACCOUNT_A, tag(2, 'vip'))

    expect(store.tags(ACCOUNT_A)).toEqual([tag(1), tag(2, 'vip'), tag(3)])
    expect(store.sites(ACCOUNT_A)).toEqual([site(1, { tags: [tag(1), tag(2, 'vip')] }), site(2)])
  })
})

describe('sync bookkeeping', () => {
  it('starts empty and changes only the keys given', () => {
    expect(store.syncMeta(ACCOUNT_A)).toEqual({ lastSyncedAt: null, lastAttemptAt: null, eventsBackfillPage: null })

    store.setSyncMeta(ACCOUNT_A, { lastAttemptAt: '2026-11-02T09:59:00.000Z', eventsBackfillPage: 2 })
    store.replaceSnapshot(ACCOUNT_A, { sites: [], tags: [], syncedAt })
    store.setSyncMeta(ACCOUNT_A, { eventsBackfillPage: 3 })

    expect(store.syncMeta(ACCOUNT_A)).toEqual({
      lastSyncedAt: syncedAt,
      lastAttemptAt: '2026-11-02T09:59:00.000Z',
      eventsBackfillPage: 3,
    })

    store.setSyncMeta(ACCOUNT_A, { eventsBackfillPage: null })
    expect(store.syncMeta(ACCOUNT_A).eventsBackfillPage).toBeNull()
    expect(store.syncMeta(ACCOUNT_B)).toEqual({ lastSyncedAt: null, lastAttemptAt: null, eventsBackfillPage: null })
  })
})

describe('removeAccount', () => {
  it("removes every row of the account and leaves the other account's rows as they were", () => {
    for (const [account, name] of [
      [ACCOUNT_A, 'Alpha'],
      [ACCOUNT_B, 'Beta'],
    ] as const) {
      store.replaceSnapshot(account, { sites: [site(1, { name }), site(2)], tags: [tag(1)], syncedAt })
      store.addEvents(account, [event(1, { message: `${name} updated` }), event(2, { site_id: 2 })])
      store.setSyncMeta(account, { lastAttemptAt: syncedAt, eventsBackfillPage: 5 })
      store.recordChanges({
        accountId: account,
        syncedAt,
        first: true,
        sitesAdded: [1, 2],
        sitesRemoved: [],
        updatesChanged: [],
        lastCheckChanged: [],
        newEventIds: [2, 1],
        newEventCount: 2,
      })
    }
    store.updateSettings({ syncIntervalMinutes: 30 })

    store.removeAccount(ACCOUNT_A)

    expect(store.sites(ACCOUNT_A)).toEqual([])
    expect(store.tags(ACCOUNT_A)).toEqual([])
    expect(store.eventCount(ACCOUNT_A)).toBe(0)
    expect(store.queryEvents({ scope: [ACCOUNT_A], text: 'updated' })).toEqual({ events: [], next: null, total: 0 })
    expect(store.syncMeta(ACCOUNT_A)).toEqual({ lastSyncedAt: null, lastAttemptAt: null, eventsBackfillPage: null })
    expect(store.recentChanges(ACCOUNT_A, 50)).toEqual([])

    expect(store.sites(ACCOUNT_B)).toEqual([site(1, { name: 'Beta' }), site(2)])
    expect(store.tags(ACCOUNT_B)).toEqual([tag(1)])
    expect(store.eventCount(ACCOUNT_B)).toBe(2)
    expect(store.queryEvents({ scope: [ACCOUNT_B], text: 'beta' }).events.map((e) => e.id)).toEqual([1])
    expect(store.syncMeta(ACCOUNT_B)).toEqual({ lastSyncedAt: syncedAt, lastAttemptAt: syncedAt, eventsBackfillPage: 5 })
    expect(store.recentChanges(ACCOUNT_B, 50)).toHaveLength(1)
    // Settings are the app's, not an account's.
    expect(store.settings()).toEqual({ syncIntervalMinutes: 30, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
  })
})

describe('reopening', () => {
  it('finds everything where it was left', () => {
    store.replaceSnapshot(ACCOUNT_A, { sites: [site(1)], tags: [tag(1)], syncedAt })
    store.addEvents(ACCOUNT_A, [event(1)])
    store.close()

    store = stores.open(dataDir)

    expect(store.notice).toBeNull()
    expect(store.sites(ACCOUNT_A)).toEqual([site(1)])
    expect(store.tags(ACCOUNT_A)).toEqual([tag(1)])
    expect(store.queryEvents({ scope: [ACCOUNT_A] }).events).toEqual([{ ...event(1), accountId: ACCOUNT_A, key: `${ACCOUNT_A}:1`, siteName: site(1).name }])
  })
})

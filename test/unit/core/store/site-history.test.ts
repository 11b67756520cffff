// Each site's history and the daily trend: only changed values are stored, in the
// snapshot's own transaction; the rollup keeps one row per account and day; retention prunes.
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { LATEST_VERSION, MIGRATIONS, migrate, schemaVersion } from '../../../../src/core/store/migrations'
import { phpMinor } from '../../../../src/core/store/site-history'
import { WORKSPACE_FILE } from '../../../../src/core/store/workspace-database'
import type { Site } from '../../../../src/shared'
import { ACCOUNT_A, ACCOUNT_B, site, storesPerTest } from './fixtures'

const { dirs, stores } = await storesPerTest()

const DAY_MS = 86_400_000
const START = Date.parse('2026-11-01T09:00:00.000Z')
const at = (days: number, minutes = 0): string => new Date(START + days * DAY_MS + minutes * 60_000).toISOString()

function withServer(s: Site, server: Partial<Site['server']>, more: Partial<Site> = {}): Site {
  return { ...s, server: { ...s.server, ...server }, ...more }
}

async function openStore() {
  return stores.open(await dirs.make())
}

describe('site history', () => {
  it('stores nothing on the first sync and nothing for syncs that change nothing', async () => {
    const store = await openStore()
    const sites = [site(1, { updates_count: 2 }), site(2, { updates_count: 0 })]
    store.replaceSnapshot(ACCOUNT_A, { sites, tags: [], syncedAt: at(0) })
    store.replaceSnapshot(ACCOUNT_A, { sites, tags: [], syncedAt: at(0, 5) })
    store.replaceSnapshot(ACCOUNT_A, { sites, tags: [], syncedAt: at(0, 10) })

    const history = store.siteHistory(ACCOUNT_A, 1, 50)
    expect(history.changes).toEqual([])
    // History began with the first sync.
    expect(history.since).toBe(at(0))
  })

  it('keeps one row per changed value, newest first, with the sync time', async () => {
    const store = await openStore()
    const first = site(1, { updates_count: 2, last_check_at: null })
    const other = site(2, { updates_count: 4 })
    store.replaceSnapshot(ACCOUNT_A, { sites: [first, other], tags: [], syncedAt: at(0) })
    const upgraded = withServer(first, { php: '8.2.18' }, { updates_count: 5 })
    store.replaceSnapshot(ACCOUNT_A, { sites: [upgraded, other], tags: [], syncedAt: at(2) })
    const checked = { ...upgraded, last_check_at: '2026-11-05T08:00:00+00:00', name: 'renamed only' }
    store.replaceSnapshot(ACCOUNT_A, { sites: [checked, other], tags: [], syncedAt: at(4) })

    expect(store.siteHistory(ACCOUNT_A, 1, 50).changes).toEqual([
      { at: at(4), field: 'lastCheck', from: null, to: '2026-11-05T08:00:00.000Z' },
      { at: at(2), field: 'updates', from: 2, to: 5 },
      { at: at(2), field: 'php', from: '8.3', to: '8.2.18' },
    ])
    // The unchanged site has no rows; the limit cuts the newest first.
    expect(store.siteHistory(ACCOUNT_A, 2, 50).changes).toEqual([])
    expect(store.siteHistory(ACCOUNT_A, 1, 1).changes.map((c) => c.field)).toEqual(['lastCheck'])
    // Another account sees nothing of it.
    expect(store.siteHistory(ACCOUNT_B, 1, 50)).toEqual({ accountId: ACCOUNT_B, siteId: 1, changes: [], since: null })
  })

  it('records a change seen by reading one site again (sync:site), so the next sync does not lose it', async () => {
    const store = await openStore()
    const first = site(1, { updates_count: 1 })
    store.replaceSnapshot(ACCOUNT_A, { sites: [first], tags: [], syncedAt: at(0) })
    store.upsertSite(ACCOUNT_A, withServer(first, { mysql: '8.4' }))
    store.replaceSnapshot(ACCOUNT_A, { sites: [withServer(first, { mysql: '8.4' })], tags: [], syncedAt: at(1) })

    const changes = store.siteHistory(ACCOUNT_A, 1, 50).changes
    expect(changes.map(({ field, from, to }) => ({ field, from, to }))).toEqual([{ field: 'mysql', from: '8.0', to: '8.4' }])
  })

  it('rolls each day up into one row per account: pending total and sites per PHP minor', async () => {
    const store = await openStore()
    const day0 = [
      site(1, { updates_count: 3, server: { ip: null, web: null, php: '8.1.27', mysql: null } }),
      site(2, { updates_count: 1, server: { ip: null, web: null, php: '8.1.2', mysql: null } }),
      site(3, { updates_count: 0, server: { ip: null, web: null, php: null, mysql: null } }),
    ]
    store.replaceSnapshot(ACCOUNT_A, { sites: day0, tags: [], syncedAt: at(0) })
    // A later sync the same day replaces that day's row.
    const later = [withServer(day0[0]!, { php: '8.2.18' }, { updates_count: 7 }), day0[1]!, day0[2]!]
    store.replaceSnapshot(ACCOUNT_A, { sites: later, tags: [], syncedAt: at(0, 30) })
    store.replaceSnapshot(ACCOUNT_A, { sites: later.slice(0, 2), tags: [], syncedAt: at(1) })

    expect(store.historyTrend([ACCOUNT_A], '2026-10-01')).toEqual([
      { day: '2026-11-01', pending: 8, sites: 3, php: { '8.2': 1, '8.1': 1, unknown: 1 } },
      { day: '2026-11-02', pending: 8, sites: 2, php: { '8.2': 1, '8.1': 1 } },
    ])
    expect(store.historyTrend([ACCOUNT_A], '2026-11-02').map((d) => d.day)).toEqual(['2026-11-02'])
    expect(store.historyTrend([ACCOUNT_B], '2026-10-01')).toEqual([])
  })

  it("sums a scope's accounts per day in the store, each day only the accounts that synced that day", async () => {
    const store = await openStore()
    const php = (version: string | null) => ({ ip: null, web: null, php: version, mysql: null })
    store.replaceSnapshot(ACCOUNT_A, {
      sites: [site(1, { updates_count: 3, server: php('8.1.27') }), site(2, { updates_count: 1, server: php('8.2.1') })],
      tags: [],
      syncedAt: at(0),
    })
    store.replaceSnapshot(ACCOUNT_B, {
      sites: [site(1, { updates_count: 5, server: php('8.2.18') }), site(7, { updates_count: 0, server: php(null) })],
      tags: [],
      syncedAt: at(0, 10),
    })
    // Only A syncs the next day: that day is A's alone, not a drop of B's sites.
    store.replaceSnapshot(ACCOUNT_A, { sites: [site(1, { updates_count: 2, server: php('8.1.27') })], tags: [], syncedAt: at(1) })

    expect(store.historyTrend([ACCOUNT_A, ACCOUNT_B], '2026-10-01')).toEqual([
      { day: '2026-11-01', pending: 9, sites: 4, php: { '8.1': 1, '8.2': 2, unknown: 1 } },
      { day: '2026-11-02', pending: 2, sites: 1, php: { '8.1': 1 } },
    ])
    // The order of the scope changes nothing; one account is its own trend.
    expect(store.historyTrend([ACCOUNT_B, ACCOUNT_A], '2026-10-01')).toEqual(store.historyTrend([ACCOUNT_A, ACCOUNT_B], '2026-10-01'))
    expect(store.historyTrend([ACCOUNT_B], '2026-10-01')).toEqual([{ day: '2026-11-01', pending: 5, sites: 2, php: { '8.2': 1, unknown: 1 } }])
    expect(store.historyTrend([ACCOUNT_A, ACCOUNT_B], '2026-11-02').map((d) => d.day)).toEqual(['2026-11-02'])
  })

  it('prunes rows older than the retention, at most once a day unless the setting changes', async () => {
    const store = await openStore()
    // Retention counts back from now, so these syncs are dated from 20 days ago to today.
    const now = Date.now()
    const day = (n: number): string => new Date(now - (20 - n) * DAY_MS - 3_600_000).toISOString()
    let s1 = site(1, { updates_count: 0 })
    store.replaceSnapshot(ACCOUNT_A, { sites: [s1], tags: [], syncedAt: day(0) })
    for (let n = 1; n <= 20; n++) {
      s1 = { ...s1, updates_count: n }
      store.replaceSnapshot(ACCOUNT_A, { sites: [s1], tags: [], syncedAt: day(n) })
    }
    // The default keeps a year.
    expect(store.siteHistory(ACCOUNT_A, 1, 500).changes).toHaveLength(20)
    expect(store.historyTrend([ACCOUNT_A], '2000-01-01').length).toBeGreaterThanOrEqual(20)

    // A shorter retention prunes at once: the changes of the last 7 days stay.
    store.updateSettings({ historyRetentionDays: 7 })
    expect(store.siteHistory(ACCOUNT_A, 1, 500).changes.map((c) => c.to)).toEqual([20, 19, 18, 17, 16, 15, 14])
    const cutoffDay = new Date(now - 7 * DAY_MS).toISOString().slice(0, 10)
    const days = store.historyTrend([ACCOUNT_A], '2000-01-01').map((d) => d.day)
    expect(days.length).toBeGreaterThanOrEqual(7)
    expect(days.every((d) => d >= cutoffDay)).toBe(true)
    // History is complete from the retention's cutoff now, not from the first sync.
    const since = Date.parse(store.siteHistory(ACCOUNT_A, 1, 1).since ?? '')
    expect(Math.abs(since - (now - 7 * DAY_MS))).toBeLessThan(60_000)
  })

  it('goes with its site and with its account', async () => {
    const store = await openStore()
    const a = site(1, { updates_count: 0 })
    const b = site(2, { updates_count: 0 })
    store.replaceSnapshot(ACCOUNT_A, { sites: [a, b], tags: [], syncedAt: at(0) })
    store.replaceSnapshot(ACCOUNT_A, { sites: [{ ...a, updates_count: 1 }, { ...b, updates_count: 1 }], tags: [], syncedAt: at(1) })
    store.removeSite(ACCOUNT_A, 1)
    expect(store.siteHistory(ACCOUNT_A, 1, 50).changes).toEqual([])
    expect(store.siteHistory(ACCOUNT_A, 2, 50).changes).toHaveLength(1)

    store.removeAccount(ACCOUNT_A)
    expect(store.siteHistory(ACCOUNT_A, 2, 50)).toEqual({ accountId: ACCOUNT_A, siteId: 2, changes: [], since: null })
    expect(store.historyTrend([ACCOUNT_A], '2026-01-01')).toEqual([])
  })

  it('is written with the snapshot or not at all', async () => {
    const store = await openStore()
    const a = site(1, { updates_count: 0 })
    store.replaceSnapshot(ACCOUNT_A, { sites: [a], tags: [], syncedAt: at(0) })
    // A site without a name fails the snapshot's transaction (sites.name is NOT NULL) after
    // site 1's change was compared and recorded.
    const nameless = { ...site(2), name: null as unknown as string }
    const broken = { sites: [{ ...a, updates_count: 9 }, nameless], tags: [], syncedAt: at(1) }
    expect(() => store.replaceSnapshot(ACCOUNT_A, broken)).toThrow()
    expect(store.sites(ACCOUNT_A)[0]?.updates_count).toBe(0)
    expect(store.siteHistory(ACCOUNT_A, 1, 50).changes).toEqual([])
    expect(store.historyTrend([ACCOUNT_A], '2026-01-01')).toEqual([{ day: '2026-11-01', pending: 0, sites: 1, php: { '8.3': 1 } }])
  })

  it('starts on a database of version 2, whose rows stay', async () => {
    const dataDir = await dirs.make()
    const db = new Database(join(dataDir, WORKSPACE_FILE))
    migrate(db, MIGRATIONS.filter((m) => m.version <= 2))
    const old = site(5, { updates_count: 1 })
    db.prepare('INSERT INTO sites (account_id, id, name, json) VALUES (?, ?, ?, ?)').run(ACCOUNT_A, 5, old.name, JSON.stringify(old))
    db.close()

    const store = stores.open(dataDir)
    expect(store.sites(ACCOUNT_A)).toEqual([old])
    store.replaceSnapshot(ACCOUNT_A, { sites: [{ ...old, updates_count: 4 }], tags: [], syncedAt: at(0) })
    expect(store.siteHistory(ACCOUNT_A, 5, 50).changes).toEqual([{ at: at(0), field: 'updates', from: 1, to: 4 }])
    const check = new Database(join(dataDir, WORKSPACE_FILE), { readonly: true })
    expect(schemaVersion(check)).toBe(LATEST_VERSION)
    check.close()
  })

  it('reads PHP minor versions', () => {
    expect(phpMinor('8.2.18')).toBe('8.2')
    expect(phpMinor('7.4')).toBe('7.4')
    expect(phpMinor('')).toBe('unknown')
    expect(phpMinor(null)).toBe('unknown')
  })
})

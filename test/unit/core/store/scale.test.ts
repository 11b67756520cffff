// 100,000 events in one account (and more in another): every events query runs on an index,
// and the feed and a search answer within their budgets (50 ms for a search, 100 ms for the
// feed's first slice with its total, on a quiet machine; the asserted bounds are 4x that, for
// a busy CI machine, while the query plans are checked exactly).
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keyOf, type EventQuery, type Site, type SiteEvent } from '../../../../src/shared'
import { eventQuerySql } from '../../../../src/core/store/event-query'
import type { SqliteWorkspaceStore } from '../../../../src/core/store/sqlite-workspace-store'
import { WORKSPACE_FILE } from '../../../../src/core/store/workspace-database'
import { withTempDirs } from '../support/temp-dir'
import { ACCOUNT_A, ACCOUNT_B, site, storeOpener } from './fixtures'

const dirs = await withTempDirs()
const stores = storeOpener()
let store: SqliteWorkspaceStore
let dataDir: string

const EVENTS = 100_000
const SITES = 2_000
const EXTENSIONS = ['Yoast SEO', 'WooCommerce', 'Akeeba Backup', 'JCE Editor', 'Contact Form 7', 'Elementor', 'Jetpack', 'Wordfence Security', 'RSFirewall', 'Admin Tools']
const TYPES = ['updated_extension', 'new_extension', 'update_extension_available']
const KINDS = ['bakery', 'garage', 'dentist', 'school', 'hotel']

function sites(): Site[] {
  return Array.from({ length: SITES }, (_v, i) => site(i + 1, { name: `Site ${i + 1} ${KINDS[i % KINDS.length]}` }))
}

function events(count: number): SiteEvent[] {
  const start = Date.UTC(2026, 0, 1)
  return Array.from({ length: count }, (_v, i) => {
    const type = TYPES[i % TYPES.length]!
    const verb = type === 'new_extension' ? 'Installed' : 'Updated'
    return {
      id: i + 1,
      site_id: ((i * 7) % SITES) + 1,
      category: 'client',
      type,
      message: `${verb} ${EXTENSIONS[i % EXTENSIONS.length]} from ${i % 9}.${i % 7}.${i % 5} to ${i % 9}.${i % 7}.${(i % 5) + 1}`,
      // Three events a minute: many share a created_at, so ties by id are everywhere.
      created_at: new Date(start + Math.floor(i / 3) * 60_000).toISOString().replace('.000Z', '+00:00'),
    }
  })
}

beforeAll(async () => {
  dataDir = await dirs.make()
  store = stores.open(dataDir)
  store.replaceSnapshot(ACCOUNT_A, { sites: sites(), tags: [], syncedAt: '2026-11-02T10:00:00.000Z' })
  const all = events(EVENTS)
  for (let i = 0; i < all.length; i += 10_000) store.addEvents(ACCOUNT_A, all.slice(i, i + 10_000))
  store.addEvents(ACCOUNT_B, events(20_000))
}, 60_000)
afterAll(async () => {
  stores.closeAll()
  await dirs.cleanup()
})

/** The median time of a few runs, after one to warm the statement and the page cache. */
function medianMs(work: () => unknown): number {
  work()
  const times: number[] = []
  for (let i = 0; i < 5; i++) {
    const start = performance.now()
    work()
    times.push(performance.now() - start)
  }
  return times.sort((a, b) => a - b)[2]!
}

function plan(query: EventQuery): { slice: string; count: string } {
  const sql = eventQuerySql(query)
  const db = new Database(join(dataDir, WORKSPACE_FILE), { readonly: true })
  const explain = (s: { sql: string; params: unknown[] }) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${s.sql}`).all(...s.params) as { detail: string }[]).map((r) => r.detail).join(' | ')
  const result = { slice: explain(sql.slice), count: explain(sql.count) }
  db.close()
  return result
}

describe(`queryEvents at ${EVENTS} events`, () => {
  it('answers the feed, its total and later slices on the feed index', () => {
    const first = store.queryEvents({ scope: [ACCOUNT_A] })
    expect(first.total).toBe(EVENTS)
    expect(first.events.map((e) => e.id)).toEqual(Array.from({ length: 50 }, (_v, i) => EVENTS - i))
    const second = store.queryEvents({ scope: [ACCOUNT_A], after: first.next ?? undefined })
    expect(second.events[0]?.id).toBe(EVENTS - 50)

    const feed = plan({ scope: [ACCOUNT_A], after: { createdAt: '2026-01-02T00:00:00+00:00', accountId: ACCOUNT_A, id: 5 } })
    // The site's name is one primary-key lookup per row of the slice.
    expect(feed.slice).toBe('SEARCH e USING INDEX events_feed (account_id=? AND (created_ms,id)<(?,?)) | SEARCH s USING PRIMARY KEY (account_id=? AND id=?) LEFT-JOIN')
    expect(feed.count).toMatch(/^SEARCH e USING COVERING INDEX events_\w+ \(account_id=\?\)$/)
  })

  it('opens the feed (first slice and total) within budget', () => {
    const ms = medianMs(() => store.queryEvents({ scope: [ACCOUNT_A] }))
    expect(ms).toBeLessThan(400)
  })

  it.each([
    ['yoast', 10_000],
    ['wordfence 3.4', 159],
    ['site 17 bakery', 1_100],
    ['updated', 66_667],
    ['u', 66_667],
    ['nothing-like-this', 0],
  ])('searches %j within budget, counting in the index alone', (text, total) => {
    const query = { scope: [ACCOUNT_A], text }
    const slice = store.queryEvents(query)
    expect(slice.total).toBe(total)
    expect(slice.events).toHaveLength(Math.min(50, total))

    const searched = plan(query)
    expect(searched.slice).toMatch(/^SEARCH e USING INDEX events_feed \(account_id=\?\)/)
    expect(searched.slice).toContain('VIRTUAL TABLE INDEX 0:M')
    expect(searched.slice).not.toContain('TEMP B-TREE')
    expect(searched.count).toMatch(/^SCAN events_fts VIRTUAL TABLE INDEX 0:M\d+$/)

    expect(medianMs(() => store.queryEvents(query))).toBeLessThan(200)
  })

  it('filters by site, type and time on an index, without sorting', () => {
    const bySite = plan({ scope: [ACCOUNT_A], site: keyOf(ACCOUNT_A, 8) })
    expect(bySite.slice).toMatch(/^SEARCH e USING INDEX events_site_feed \(account_id=\? AND site_id=\?\)/)
    const byTime = plan({ scope: [ACCOUNT_A], from: '2026-01-05T00:00:00Z', to: '2026-01-06T00:00:00Z' })
    expect(byTime.slice).toMatch(/^SEARCH e USING INDEX events_\w*feed \(account_id=\? AND created_ms>\? AND created_ms<\?\)( \| SEARCH s USING PRIMARY KEY .*)?$/)
    for (const q of [bySite, byTime, plan({ scope: [ACCOUNT_A], types: ['new_extension'] })]) {
      expect(q.slice).not.toContain('TEMP B-TREE')
      expect(q.slice).not.toMatch(/SCAN e\b/)
      expect(q.count).not.toMatch(/SCAN e\b/)
    }

    expect(store.queryEvents({ scope: [ACCOUNT_A], site: keyOf(ACCOUNT_A, 8) }).total).toBe(50)
    expect(store.queryEvents({ scope: [ACCOUNT_A], types: ['new_extension'] }).total).toBe(33_333)
    const day = store.queryEvents({ scope: [ACCOUNT_A], from: '2026-01-05T00:00:00Z', to: '2026-01-05T23:59:59+00:00' })
    expect(day.total).toBe(24 * 60 * 3)
  })

  it('reads 2,000 sites and counts events quickly', () => {
    expect(store.sites(ACCOUNT_A)).toHaveLength(SITES)
    expect(medianMs(() => store.sites(ACCOUNT_A))).toBeLessThan(100)
    expect(store.eventCount(ACCOUNT_B)).toBe(20_000)
    expect(medianMs(() => store.eventCount(ACCOUNT_A))).toBeLessThan(100)
  })
})

describe(`queryEvents over a scope of two accounts (${EVENTS + 20_000} events)`, () => {
  const both = [ACCOUNT_A, ACCOUNT_B]

  it('walks events_scope_feed from the newest for the first slice and later ones, never sorting', () => {
    const first = plan({ scope: both })
    expect(first.slice).toMatch(/^SCAN e USING INDEX events_scope_feed\b/)
    const later = plan({ scope: both, after: { createdAt: '2026-01-02T00:00:00+00:00', accountId: ACCOUNT_A, id: 5 } })
    expect(later.slice).toMatch(/^SEARCH e USING INDEX events_scope_feed \(\(created_ms,account_id,id\)<\(\?,\?,\?\)\)/)
    const byTime = plan({ scope: both, from: '2026-01-05T00:00:00Z', to: '2026-01-06T00:00:00Z' })
    expect(byTime.slice).toMatch(/^SEARCH e USING INDEX events_scope_feed \(created_ms>\? AND created_ms<\?\)/)
    for (const q of [first, later, byTime, plan({ scope: both, types: ['new_extension'] }), plan({ scope: both, text: 'yoast' })]) {
      expect(q.slice).not.toContain('TEMP B-TREE')
      expect(q.count).not.toMatch(/SCAN e\b/)
    }
    // A search alone is counted in the full-text index, the scope's accounts ORed there.
    expect(plan({ scope: both, text: 'yoast' }).count).toMatch(/^SCAN events_fts VIRTUAL TABLE INDEX 0:M\d+$/)
  })

  it('opens the feed and searches within budget', () => {
    const first = store.queryEvents({ scope: both })
    expect(first.total).toBe(EVENTS + 20_000)
    expect(medianMs(() => store.queryEvents({ scope: both }))).toBeLessThan(400)
    for (const text of ['yoast', 'u', 'wordfence 3.4']) {
      expect(medianMs(() => store.queryEvents({ scope: both, text }))).toBeLessThan(200)
    }
    expect(store.queryEvents({ scope: both, text: 'yoast' }).total).toBe(12_000)
    expect(store.queryEvents({ scope: both, types: ['new_extension'] }).total).toBe(33_333 + 6_667)
  })
})

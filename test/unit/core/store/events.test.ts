// Events: stored once by id, read newest first in keyset slices, filtered, and searched
// through the full-text index, per account (scopes of several accounts: scope-events.test.ts).
import { beforeEach, describe, expect, it } from 'vitest'
import { keyOf, type EventQuery, type ScopedEvent, type SiteEvent } from '../../../../src/shared'
import { AppErrorException } from '../../../../src/core/errors'
import type { SqliteWorkspaceStore } from '../../../../src/core/store/sqlite-workspace-store'
import { ftsAccountToken } from '../../../../src/core/store/fts-query'
import { ACCOUNT_A, ACCOUNT_B, event, site, storesPerTest } from './fixtures'

const { dirs, stores } = await storesPerTest()
let store: SqliteWorkspaceStore
beforeEach(async () => {
  store = stores.open(await dirs.make())
})

const ids = (events: SiteEvent[]) => events.map((e) => e.id)
const scoped = (accountId: string, e: SiteEvent, siteName: string | null = null): ScopedEvent => ({ ...e, accountId, key: keyOf(accountId, e.id), siteName })

/** Every slice of a query, following the cursors to the end. */
function readAll(query: EventQuery): { pages: number[][]; totals: number[] } {
  const pages: number[][] = []
  const totals: number[] = []
  let after: EventQuery['after']
  for (let guard = 0; guard < 100; guard++) {
    const slice = store.queryEvents({ ...query, after })
    pages.push(ids(slice.events))
    totals.push(slice.total)
    if (slice.next === null) return { pages, totals }
    after = slice.next
  }
  throw new Error('the cursor never reached the end')
}

describe('addEvents', () => {
  it('stores only ids not stored yet and answers those, in the order given', () => {
    expect(store.addEvents(ACCOUNT_A, [event(1), event(2)])).toEqual([event(1), event(2)])

    const added = store.addEvents(ACCOUNT_A, [event(3), event(2, { message: 'changed' }), event(4), event(3)])

    expect(added).toEqual([event(3), event(4)])
    expect(store.eventCount(ACCOUNT_A)).toBe(4)
    // The first copy of an id stays as it was.
    expect(store.queryEvents({ scope: [ACCOUNT_A], text: 'changed' }).total).toBe(0)
  })

  it('keeps accounts apart: the same event id in two accounts is two events', () => {
    store.addEvents(ACCOUNT_A, [event(1, { message: 'alpha' })])
    expect(store.addEvents(ACCOUNT_B, [event(1, { message: 'beta' })])).toHaveLength(1)

    expect(store.knownEventIds(ACCOUNT_A, [1, 2])).toEqual(new Set([1]))
    expect(store.knownEventIds(ACCOUNT_B, [])).toEqual(new Set())
    expect(store.queryEvents({ scope: [ACCOUNT_A] }).events).toEqual([scoped(ACCOUNT_A, event(1, { message: 'alpha' }))])
    expect(store.queryEvents({ scope: [ACCOUNT_B], text: 'alpha' }).total).toBe(0)
    expect(store.eventCount(ACCOUNT_B)).toBe(1)
  })
})

describe('queryEvents order and paging', () => {
  it('orders by the instant, not the text, of created_at with different offsets', () => {
    store.addEvents(ACCOUNT_A, [
      event(1, { created_at: '2026-11-02T10:15:00+00:00' }), // 10:15Z
      event(2, { created_at: '2026-11-02T11:00:00+02:00' }), // 09:00Z
      event(3, { created_at: '2026-11-02T09:30:00-01:00' }), // 10:30Z
      event(4, { created_at: '2026-11-02T10:15:00.500Z' }), // 10:15:00.5Z
    ])

    expect(ids(store.queryEvents({ scope: [ACCOUNT_A] }).events)).toEqual([3, 4, 1, 2])
  })

  it('pages through events of the same instant by id, without repeating or skipping any', () => {
    const same = '2026-11-02T10:00:00+00:00'
    store.addEvents(ACCOUNT_A, [
      event(5, { created_at: same }),
      event(9, { created_at: '2026-11-02T12:00:00+02:00' }), // the same instant, written otherwise
      event(2, { created_at: same }),
      event(7, { created_at: same }),
      event(1, { created_at: '2026-11-02T10:00:01+00:00' }),
      event(8, { created_at: same }),
      event(3, { created_at: '2026-11-02T09:59:59+00:00' }),
      event(6, { created_at: same }),
    ])

    const { pages, totals } = readAll({ scope: [ACCOUNT_A], limit: 3 })

    expect(pages).toEqual([
      [1, 9, 8],
      [7, 6, 5],
      [2, 3],
    ])
    expect(totals).toEqual([8, 8, 8])
  })

  it('answers no next cursor when a slice ends exactly at the last event', () => {
    store.addEvents(ACCOUNT_A, [event(1), event(2), event(3), event(4)])

    const first = store.queryEvents({ scope: [ACCOUNT_A], limit: 2 })
    expect(first.next).toEqual({ createdAt: '2026-11-02T10:00:00+00:00', accountId: ACCOUNT_A, id: 3 })
    const second = store.queryEvents({ scope: [ACCOUNT_A], limit: 2, after: first.next ?? undefined })
    expect(ids(second.events)).toEqual([2, 1])
    expect(second.next).toBeNull()
  })

  it('answers 50 events by default and clamps the limit to 1..500', () => {
    store.addEvents(
      ACCOUNT_A,
      Array.from({ length: 620 }, (_v, i) => event(i + 1)),
    )
    const count = (limit?: number) => store.queryEvents({ scope: [ACCOUNT_A], limit }).events.length

    expect(count()).toBe(50)
    expect(count(0)).toBe(1)
    expect(count(-3)).toBe(1)
    expect(count(2.9)).toBe(2)
    expect(count(Number.NaN)).toBe(50)
    expect(count(10_000)).toBe(500)
    expect(store.queryEvents({ scope: [ACCOUNT_A], limit: 10_000 }).total).toBe(620)
  })

  it('answers an empty slice for an account without events', () => {
    expect(store.queryEvents({ scope: [ACCOUNT_A] })).toEqual({ events: [], next: null, total: 0 })
  })
})

describe('queryEvents filters', () => {
  beforeEach(() => {
    store.addEvents(ACCOUNT_A, [
      event(1, { site_id: 1, type: 'new_extension', created_at: '2026-11-01T23:59:59+00:00' }),
      event(2, { site_id: 2, type: 'updated_extension', created_at: '2026-11-02T00:00:00+00:00' }),
      event(3, { site_id: 1, type: 'updated_extension', created_at: '2026-11-02T03:00:00+02:00' }), // 01:00Z
      event(4, { site_id: 2, type: 'update_extension_available', created_at: '2026-11-02T12:00:00+00:00' }),
      event(5, { site_id: 1, type: 'something_new', created_at: '2026-11-03T00:00:00+00:00' }),
    ])
    store.addEvents(ACCOUNT_B, [event(6, { site_id: 1, type: 'new_extension', created_at: '2026-11-02T00:00:00Z' })])
  })
  const query = (q: Omit<EventQuery, 'scope'>) => {
    const slice = store.queryEvents({ scope: [ACCOUNT_A], ...q })
    return { ids: ids(slice.events), total: slice.total }
  }

  it('by site', () => {
    expect(query({ site: keyOf(ACCOUNT_A, 1) })).toEqual({ ids: [5, 3, 1], total: 3 })
    expect(query({ site: keyOf(ACCOUNT_A, 99) })).toEqual({ ids: [], total: 0 })
  })

  it('by types, any of them; an empty list is every type', () => {
    expect(query({ types: ['updated_extension'] })).toEqual({ ids: [3, 2], total: 2 })
    expect(query({ types: ['new_extension', 'something_new'] })).toEqual({ ids: [5, 1], total: 2 })
    expect(query({ types: [] })).toEqual({ ids: [5, 4, 3, 2, 1], total: 5 })
    expect(query({ types: ["x') OR 1=1 --"] })).toEqual({ ids: [], total: 0 })
  })

  it('by time, both bounds inclusive, compared as instants whatever their offsets', () => {
    expect(query({ from: '2026-11-02T00:00:00+00:00' })).toEqual({ ids: [5, 4, 3, 2], total: 4 })
    expect(query({ to: '2026-11-02T00:00:00Z' })).toEqual({ ids: [2, 1], total: 2 })
    // 02:00+01:00 is 01:00Z: event 3 sits exactly on the bound.
    expect(query({ from: '2026-11-02T00:00:00Z', to: '2026-11-02T02:00:00+01:00' })).toEqual({ ids: [3, 2], total: 2 })
    expect(query({ from: '2026-11-02T13:00:00+00:00', to: '2026-11-02T12:00:00+00:00' })).toEqual({ ids: [], total: 0 })
  })

  it('combined, with the total counting every slice and the cursor', () => {
    const first = store.queryEvents({ scope: [ACCOUNT_A], site: keyOf(ACCOUNT_A, 1), types: ['updated_extension', 'new_extension'], limit: 1 })
    expect(ids(first.events)).toEqual([3])
    expect(first.total).toBe(2)
    const second = store.queryEvents({
      scope: [ACCOUNT_A],
      site: keyOf(ACCOUNT_A, 1),
      types: ['updated_extension', 'new_extension'],
      limit: 1,
      after: first.next ?? undefined,
    })
    expect(ids(second.events)).toEqual([1])
    expect(second.total).toBe(2)
    expect(second.next).toBeNull()
  })

  it('refuses a time bound that is not a date and time', () => {
    const thrown = (q: Omit<EventQuery, 'scope'>) => {
      try {
        store.queryEvents({ scope: [ACCOUNT_A], ...q })
      } catch (error) {
        return error
      }
      return 'nothing thrown'
    }

    for (const [field, value] of [
      ['from', 'yesterday'],
      ['to', '2026-13-45T99:00:00Z'],
    ] as const) {
      const error = thrown({ [field]: value })
      expect(error).toBeInstanceOf(AppErrorException)
      expect((error as AppErrorException).appError).toMatchObject({
        code: 'invalid_input',
        fields: { [field]: ['must be a date and time in ISO 8601 form'] },
      })
    }
  })
})

describe('queryEvents text search', () => {
  beforeEach(() => {
    store.replaceSnapshot(ACCOUNT_A, {
      sites: [site(1, { name: 'Café Lumière' }), site(2, { name: 'Garage Schmidt' })],
      tags: [],
      syncedAt: '2026-11-02T10:00:00.000Z',
    })
    store.addEvents(ACCOUNT_A, [
      event(1, { site_id: 1, message: 'Updated Yoast SEO from 21.1 to 22.0', created_at: '2026-11-02T10:01:00Z' }),
      event(2, { site_id: 2, message: 'New extension Akeeba Backup and JCE installed', created_at: '2026-11-02T10:02:00Z' }),
      event(3, { site_id: 2, message: 'Update available: wp-admin tools (beta) "quoted"', created_at: '2026-11-02T10:03:00Z' }),
      event(4, { site_id: 1, message: '日本語 のメッセージ and émojis 🚀 OR NOT', created_at: '2026-11-02T10:04:00Z' }),
    ])
  })
  const search = (text: string, more: Omit<EventQuery, 'scope' | 'text'> = {}) => {
    const slice = store.queryEvents({ scope: [ACCOUNT_A], text, ...more })
    return { ids: ids(slice.events), total: slice.total }
  }

  it('matches word prefixes in messages, ignoring case and accents, every word required', () => {
    expect(search('yoa')).toEqual({ ids: [1], total: 1 })
    expect(search('YOAST seo')).toEqual({ ids: [1], total: 1 })
    expect(search('yoast backup')).toEqual({ ids: [], total: 0 })
    expect(search('emoji')).toEqual({ ids: [4], total: 1 })
    expect(search('22.0')).toEqual({ ids: [1], total: 1 })
    expect(search('wp-admin')).toEqual({ ids: [3], total: 1 })
  })

  it('matches site names, and a word from the name with one from the message', () => {
    expect(search('cafe')).toEqual({ ids: [4, 1], total: 2 })
    expect(search('lumière yoast')).toEqual({ ids: [1], total: 1 })
    expect(search('schmidt')).toEqual({ ids: [3, 2], total: 2 })
  })

  it('combines with the other filters and pages', () => {
    expect(search('schmidt', { types: ['updated_extension'], site: keyOf(ACCOUNT_A, 2) })).toEqual({ ids: [3, 2], total: 2 })
    expect(search('schmidt', { site: keyOf(ACCOUNT_A, 1) })).toEqual({ ids: [], total: 0 })
    const first = store.queryEvents({ scope: [ACCOUNT_A], text: 'schmidt', limit: 1 })
    const second = store.queryEvents({ scope: [ACCOUNT_A], text: 'schmidt', limit: 1, after: first.next ?? undefined })
    expect([...ids(first.events), ...ids(second.events)]).toEqual([3, 2])
    expect(second.next).toBeNull()
  })

  it('treats FTS5 operators in the text as words', () => {
    expect(search('and')).toEqual({ ids: [4, 2], total: 2 })
    expect(search('AND')).toEqual({ ids: [4, 2], total: 2 })
    expect(search('OR NOT')).toEqual({ ids: [4], total: 1 })
    expect(search('"quoted"')).toEqual({ ids: [3], total: 1 })
    expect(search('(beta)')).toEqual({ ids: [3], total: 1 })
    expect(search('message:yoast')).toEqual({ ids: [], total: 0 })
    expect(search('NEAR(yoast seo)')).toEqual({ ids: [], total: 0 })
    expect(search('日本')).toEqual({ ids: [4], total: 1 })
  })

  it.each([
    '"',
    '""',
    "'",
    '(',
    ')',
    '()',
    'AND',
    'OR',
    'NOT',
    'a AND',
    'AND OR NOT',
    '-',
    '-yoast',
    '*',
    '*yoast',
    'yoast*',
    '^yoast',
    '+',
    ':',
    'message:',
    '{message site_name}: yoast',
    'NEAR(',
    '"unterminated',
    'back\\slash',
    'nul\u0000byte',
    'tab\there\nnewline',
    '🚀',
    '\u200b',
    'x'.repeat(200),
    'a '.repeat(100),
    "'; DROP TABLE events; --",
  ])('never fails on the input %j', (text) => {
    const slice = store.queryEvents({ scope: [ACCOUNT_A], text })
    expect(slice.total).toBe(slice.events.length)
    expect(slice.total).toBeLessThanOrEqual(4)
    expect(store.eventCount(ACCOUNT_A)).toBe(4)
  })

  it('applies no text filter to text without any word', () => {
    for (const text of ['', '   ', '"', '()', '-', '*', '🚀', '\u0000']) {
      expect(search(text)).toEqual({ ids: [4, 3, 2, 1], total: 4 })
    }
  })

  it("never matches the index's own account tokens", () => {
    const token = ftsAccountToken(ACCOUNT_A)
    expect(search(token)).toEqual({ ids: [], total: 0 })
    expect(search(token.slice(0, 3))).toEqual({ ids: [], total: 0 })
  })

  it('keeps accounts apart', () => {
    store.replaceSnapshot(ACCOUNT_B, { sites: [site(1, { name: 'Café Other' })], tags: [], syncedAt: 'x' })
    store.addEvents(ACCOUNT_B, [event(1, { message: 'Updated Yoast SEO' })])
    expect(search('yoast')).toEqual({ ids: [1], total: 1 })
    expect(store.queryEvents({ scope: [ACCOUNT_B], text: 'cafe yoast' }).total).toBe(1)
    expect(store.queryEvents({ scope: [ACCOUNT_B], text: 'lumiere' }).total).toBe(0)
  })
})

describe('queryEvents text search follows site names', () => {
  beforeEach(() => {
    store.replaceSnapshot(ACCOUNT_A, { sites: [site(1, { name: 'Bakery' }), site(2, { name: 'Dentist' })], tags: [], syncedAt: 'x' })
    store.addEvents(ACCOUNT_A, [event(1, { site_id: 1 }), event(2, { site_id: 2 }), event(3, { site_id: 1 })])
  })
  const found = (text: string) => ids(store.queryEvents({ scope: [ACCOUNT_A], text }).events)

  it('after upsertSite renames a site', () => {
    store.upsertSite(ACCOUNT_A, site(1, { name: 'Patisserie' }))

    expect(found('bakery')).toEqual([])
    expect(found('patisserie')).toEqual([3, 1])
    expect(found('dentist')).toEqual([2])
  })

  it('after a snapshot renames, replaces and drops sites', () => {
    store.replaceSnapshot(ACCOUNT_A, { sites: [site(2, { name: 'Orthodontist' }), site(3, { name: 'Florist' })], tags: [], syncedAt: 'y' })

    expect(found('bakery')).toEqual([])
    expect(found('dentist')).toEqual([])
    expect(found('orthodontist')).toEqual([2])
    // Site 1 is gone: its events keep their messages but no site name.
    expect(found('event')).toEqual([3, 2, 1])
  })

  it('for events stored before their site was', () => {
    store.addEvents(ACCOUNT_A, [event(4, { site_id: 3 })])
    expect(found('florist')).toEqual([])

    store.upsertSite(ACCOUNT_A, site(3, { name: 'Florist' }))

    expect(found('florist')).toEqual([4])
  })

  it('in another account only when that account renames', () => {
    store.replaceSnapshot(ACCOUNT_B, { sites: [site(1, { name: 'Bakery' })], tags: [], syncedAt: 'x' })
    store.addEvents(ACCOUNT_B, [event(1, { site_id: 1 })])

    store.upsertSite(ACCOUNT_A, site(1, { name: 'Patisserie' }))

    expect(ids(store.queryEvents({ scope: [ACCOUNT_B], text: 'bakery' }).events)).toEqual([1])
  })
})

describe('eventsPerDay', () => {
  it('counts the events per day in the given offset and per type, oldest day first, for one account only', () => {
    store.addEvents(ACCOUNT_A, [
      // 23:30 UTC on the 1st is the 2nd at UTC+01:00.
      event(1, { created_at: '2026-11-01T23:30:00+00:00', type: 'new_extension' }),
      event(2, { created_at: '2026-11-02T08:00:00+01:00', type: 'new_extension' }),
      event(3, { created_at: '2026-11-02T09:00:00+00:00', type: 'updated_extension' }),
      event(4, { created_at: '2026-10-20T09:00:00+00:00', type: 'new_extension' }),
    ])
    store.addEvents(ACCOUNT_B, [event(9, { created_at: '2026-11-02T09:00:00+00:00', type: 'new_extension' })])
    const since = Date.parse('2026-11-01T00:00:00+01:00')
    expect(store.eventsPerDay([ACCOUNT_A], since, 60 * 60_000)).toEqual([
      { day: '2026-11-02', type: 'new_extension', count: 2 },
      { day: '2026-11-02', type: 'updated_extension', count: 1 },
    ])
    expect(store.eventsPerDay([ACCOUNT_A], since, 0)).toEqual([
      { day: '2026-11-01', type: 'new_extension', count: 1 },
      { day: '2026-11-02', type: 'new_extension', count: 1 },
      { day: '2026-11-02', type: 'updated_extension', count: 1 },
    ])
  })
})

// The events of a scope of several accounts as one feed: newest first by (time, account id,
// event id), keyset paged on that triple without gaps or repeats, filtered and searched over
// every account of the scope and no other, a site's feed within it, and the per-day counts
// summed in the store.
import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import { keyOf, type EventQuery, type ScopedEvent, type SiteEvent } from '../../../../src/shared'
import { AppErrorException } from '../../../../src/core/errors'
import type { SqliteWorkspaceStore } from '../../../../src/core/store/sqlite-workspace-store'
import { ACCOUNT_A, ACCOUNT_B, event, site, storesPerTest } from './fixtures'

// Three accounts whose ids sort C < B < A (so newest first at one instant is A, B, C).
const ACCOUNT_C = '00c0ffee-0000-4000-8000-000000000003'
const SCOPE = [ACCOUNT_A, ACCOUNT_B, ACCOUNT_C]

const { dirs, stores } = await storesPerTest()
let store: SqliteWorkspaceStore
beforeEach(async () => {
  store = stores.open(await dirs.make())
})

const keys = (events: readonly ScopedEvent[]) => events.map((e) => e.key)
const A = (id: number) => keyOf(ACCOUNT_A, id)
const B = (id: number) => keyOf(ACCOUNT_B, id)
const C = (id: number) => keyOf(ACCOUNT_C, id)

/** Every slice of a query, following the cursors to the end. */
function readAll(query: EventQuery): { pages: string[][]; totals: number[] } {
  const pages: string[][] = []
  const totals: number[] = []
  let after: EventQuery['after']
  for (let guard = 0; guard < 1000; guard++) {
    const slice = store.queryEvents({ ...query, after })
    pages.push(keys(slice.events))
    totals.push(slice.total)
    if (slice.next === null) return { pages, totals }
    after = slice.next
  }
  throw new Error('the cursor never reached the end')
}

function thrown(work: () => unknown): unknown {
  try {
    work()
  } catch (error) {
    return error
  }
  return 'nothing thrown'
}

describe('queryEvents over a scope: order and paging', () => {
  const same = '2026-11-02T10:00:00+00:00'
  beforeEach(() => {
    // The same ids and the same instants in every account: only the account tells them apart.
    store.addEvents(ACCOUNT_A, [event(1, { created_at: same }), event(2, { created_at: same }), event(3, { created_at: '2026-11-02T09:00:00Z' })])
    store.addEvents(ACCOUNT_B, [event(1, { created_at: same }), event(2, { created_at: '2026-11-02T12:00:00+02:00' })])
    store.addEvents(ACCOUNT_C, [event(2, { created_at: same }), event(4, { created_at: '2026-11-02T11:00:00Z' })])
  })

  it('orders by time, then account id, then event id, all newest first, each event with its account and key', () => {
    const slice = store.queryEvents({ scope: SCOPE })

    expect(keys(slice.events)).toEqual([C(4), A(2), A(1), B(2), B(1), C(2), A(3)])
    expect(slice.total).toBe(7)
    expect(slice.next).toBeNull()
    expect(slice.events[0]).toEqual({ ...event(4, { created_at: '2026-11-02T11:00:00Z' }), accountId: ACCOUNT_C, key: C(4), siteName: null })
  })

  it('pages through ties in time and id across accounts without repeating or skipping any', () => {
    for (const limit of [1, 2, 3, 4, 7]) {
      const { pages, totals } = readAll({ scope: SCOPE, limit })
      expect(pages.flat()).toEqual([C(4), A(2), A(1), B(2), B(1), C(2), A(3)])
      expect(new Set(totals)).toEqual(new Set([7]))
    }
    const first = store.queryEvents({ scope: SCOPE, limit: 2 })
    expect(first.next).toEqual({ createdAt: same, accountId: ACCOUNT_A, id: 2 })
  })

  it("lists only the scope's accounts, whatever order the scope names them in", () => {
    expect(keys(store.queryEvents({ scope: [ACCOUNT_C, ACCOUNT_B] }).events)).toEqual([C(4), B(2), B(1), C(2)])
    expect(store.queryEvents({ scope: [ACCOUNT_B] }).total).toBe(2)
    expect(store.queryEvents({ scope: ['11111111-1111-4111-8111-111111111111'] })).toEqual({ events: [], next: null, total: 0 })
  })

  it("continues a scope of one from a cursor of another account's event in the scope order", () => {
    // A's events after (10:00, B, 2) in the triple's order: at 10:00 only accounts below B.
    const after = { createdAt: same, accountId: ACCOUNT_B, id: 2 }
    expect(keys(store.queryEvents({ scope: [ACCOUNT_A], after }).events)).toEqual([A(3)])
    expect(keys(store.queryEvents({ scope: [ACCOUNT_C], after }).events)).toEqual([C(2)])
    expect(keys(store.queryEvents({ scope: [ACCOUNT_B], after }).events)).toEqual([B(1)])
  })
})

describe('queryEvents over a scope: keyset paging is the sorted list, cut anywhere', () => {
  const accountArb = fc.constantFrom(ACCOUNT_A, ACCOUNT_B, ACCOUNT_C)
  // Few ids and few instants, so ties in time and in id across accounts are everywhere.
  const eventArb = fc.record({
    accountId: accountArb,
    id: fc.integer({ min: 1, max: 12 }),
    minute: fc.integer({ min: 0, max: 4 }),
    offsetHours: fc.constantFrom(0, 2, -1),
  })

  it('answers every event of the scope once, in the total order, for any slice size', () => {
    fc.assert(
      fc.property(
        fc.array(eventArb, { maxLength: 40 }),
        fc.integer({ min: 1, max: 9 }),
        fc.subarray(SCOPE, { minLength: 1 }),
        (drawn, limit, scope) => {
          for (const accountId of SCOPE) store.removeAccount(accountId)
          const stored = new Map<string, { accountId: string; id: number; ms: number }>()
          for (const d of drawn) {
            const ms = Date.UTC(2026, 10, 2, 10, d.minute)
            const local = new Date(ms + d.offsetHours * 3_600_000).toISOString().slice(0, 19)
            const zone = d.offsetHours === 0 ? 'Z' : `${d.offsetHours > 0 ? '+' : '-'}0${Math.abs(d.offsetHours)}:00`
            store.addEvents(d.accountId, [event(d.id, { created_at: local + zone })])
            // The first copy of an id in an account is the one kept.
            if (!stored.has(keyOf(d.accountId, d.id))) stored.set(keyOf(d.accountId, d.id), { accountId: d.accountId, id: d.id, ms })
          }
          const expected = [...stored.values()]
            .filter((e) => scope.includes(e.accountId))
            .sort((x, y) => y.ms - x.ms || (x.accountId < y.accountId ? 1 : x.accountId > y.accountId ? -1 : 0) || y.id - x.id)
            .map((e) => keyOf(e.accountId, e.id))

          const { pages, totals } = readAll({ scope, limit })

          expect(pages.flat()).toEqual(expected)
          expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true)
          expect(totals.every((total) => total === expected.length)).toBe(true)
        },
      ),
      { numRuns: 60 },
    )
  })
})

describe('queryEvents over a scope: filters', () => {
  beforeEach(() => {
    store.replaceSnapshot(ACCOUNT_A, { sites: [site(1, { name: 'Bakery' }), site(2, { name: 'Garage' })], tags: [], syncedAt: 'x' })
    store.replaceSnapshot(ACCOUNT_B, { sites: [site(1, { name: 'Dentist' })], tags: [], syncedAt: 'x' })
    store.addEvents(ACCOUNT_A, [
      event(1, { site_id: 1, type: 'new_extension', message: 'Installed Yoast SEO', created_at: '2026-11-01T10:00:00Z' }),
      event(2, { site_id: 2, type: 'updated_extension', message: 'Updated Yoast SEO', created_at: '2026-11-02T10:00:00Z' }),
      event(3, { site_id: 1, type: 'updated_extension', message: 'Updated Akeeba Backup', created_at: '2026-11-03T10:00:00Z' }),
    ])
    store.addEvents(ACCOUNT_B, [
      event(1, { site_id: 1, type: 'updated_extension', message: 'Updated Yoast SEO', created_at: '2026-11-02T10:00:00Z' }),
      event(3, { site_id: 1, type: 'new_extension', message: 'Installed JCE', created_at: '2026-11-03T12:00:00Z' }),
    ])
    // An account outside the scope with events that match everything.
    store.addEvents(ACCOUNT_C, [event(1, { site_id: 1, type: 'updated_extension', message: 'Updated Yoast SEO Bakery', created_at: '2026-11-02T10:00:00Z' })])
  })
  const scope = [ACCOUNT_A, ACCOUNT_B]
  const query = (q: Omit<EventQuery, 'scope'>) => {
    const slice = store.queryEvents({ scope, ...q })
    return { keys: keys(slice.events), total: slice.total }
  }

  it('by type and by time over every account of the scope', () => {
    expect(query({ types: ['updated_extension'] })).toEqual({ keys: [A(3), A(2), B(1)], total: 3 })
    expect(query({ from: '2026-11-02T10:00:00Z', to: '2026-11-03T10:00:00Z' })).toEqual({ keys: [A(3), A(2), B(1)], total: 3 })
    expect(query({ types: ['new_extension'], from: '2026-11-02T00:00:00Z' })).toEqual({ keys: [B(3)], total: 1 })
  })

  it("searches messages and site names of every account of the scope, and no other account's", () => {
    expect(query({ text: 'yoast' })).toEqual({ keys: [A(2), B(1), A(1)], total: 3 })
    expect(query({ text: 'dentist' })).toEqual({ keys: [B(3), B(1)], total: 2 })
    expect(query({ text: 'bakery' })).toEqual({ keys: [A(3), A(1)], total: 2 })
    expect(query({ text: 'yoast', types: ['updated_extension'] })).toEqual({ keys: [A(2), B(1)], total: 2 })
    const first = store.queryEvents({ scope, text: 'yoast', limit: 2 })
    const second = store.queryEvents({ scope, text: 'yoast', limit: 2, after: first.next ?? undefined })
    expect([...keys(first.events), ...keys(second.events)]).toEqual([A(2), B(1), A(1)])
    expect(second.next).toBeNull()
  })

  it("names each event's site as its account stores it now", () => {
    const named = store.queryEvents({ scope }).events.map((e) => [e.key, e.siteName])
    expect(named).toEqual([
      [B(3), 'Dentist'],
      [A(3), 'Bakery'],
      [A(2), 'Garage'],
      [B(1), 'Dentist'],
      [A(1), 'Bakery'],
    ])
    store.upsertSite(ACCOUNT_A, site(1, { name: 'Patisserie' }))
    store.removeSite(ACCOUNT_A, 2)
    expect(store.queryEvents({ scope, site: keyOf(ACCOUNT_A, 1) }).events.map((e) => e.siteName)).toEqual(['Patisserie', 'Patisserie'])
    store.addEvents(ACCOUNT_B, [event(9, { site_id: 7, created_at: '2026-11-04T00:00:00Z' })])
    expect(store.queryEvents({ scope, limit: 1 }).events[0]).toMatchObject({ key: B(9), siteName: null })
  })

  it("answers one site's feed within the scope, paged", () => {
    expect(query({ site: keyOf(ACCOUNT_A, 1) })).toEqual({ keys: [A(3), A(1)], total: 2 })
    expect(query({ site: keyOf(ACCOUNT_B, 1) })).toEqual({ keys: [B(3), B(1)], total: 2 })
    expect(query({ site: keyOf(ACCOUNT_B, 1), text: 'yoast' })).toEqual({ keys: [B(1)], total: 1 })
    expect(query({ site: keyOf(ACCOUNT_A, 9) })).toEqual({ keys: [], total: 0 })
    const first = store.queryEvents({ scope, site: keyOf(ACCOUNT_A, 1), limit: 1 })
    expect(first.next).toEqual({ createdAt: '2026-11-03T10:00:00Z', accountId: ACCOUNT_A, id: 3 })
    expect(keys(store.queryEvents({ scope, site: keyOf(ACCOUNT_A, 1), after: first.next ?? undefined }).events)).toEqual([A(1)])
  })

  it('refuses a site that is not of an account of the scope', () => {
    for (const site of [keyOf(ACCOUNT_C, 1), 'not a key']) {
      const error = thrown(() => store.queryEvents({ scope, site }))
      expect(error).toBeInstanceOf(AppErrorException)
      expect((error as AppErrorException).appError).toMatchObject({ code: 'invalid_input', fields: { site: [expect.any(String)] } })
    }
  })
})

describe('eventsPerDay over a scope', () => {
  it("sums the scope's accounts per day and type in the store, leaving other accounts out", () => {
    const at = (day: number, type: string, id: number): SiteEvent => event(id, { created_at: `2026-11-0${day}T09:00:00Z`, type })
    store.addEvents(ACCOUNT_A, [at(1, 'new_extension', 1), at(2, 'new_extension', 2), at(2, 'updated_extension', 3)])
    store.addEvents(ACCOUNT_B, [at(2, 'new_extension', 1), at(2, 'new_extension', 2)])
    store.addEvents(ACCOUNT_C, [at(2, 'new_extension', 1)])
    const since = Date.parse('2026-11-01T00:00:00Z')

    expect(store.eventsPerDay([ACCOUNT_A, ACCOUNT_B], since, 0)).toEqual([
      { day: '2026-11-01', type: 'new_extension', count: 1 },
      { day: '2026-11-02', type: 'new_extension', count: 3 },
      { day: '2026-11-02', type: 'updated_extension', count: 1 },
    ])
    expect(store.eventsPerDay([ACCOUNT_C], since, 0)).toEqual([{ day: '2026-11-02', type: 'new_extension', count: 1 }])
  })
})

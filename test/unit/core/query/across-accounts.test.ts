// Scopes of several accounts: rows keyed accountId:siteId (equal site ids of two accounts told
// apart), the Account filter, sort and facet, tags by key and labelled with their account,
// a selection named by keys, ranges of the sorted rows, and the page's revision.
import { describe, expect, it } from 'vitest'
import { EMPTY_FILTER, MAX_QUERY_ROWS, keyOf } from '../../../../src/shared'
import { querySites } from '../../../../src/core/query'
import { AppErrorException } from '../../../../src/core/errors'
import { makeSite, makeTag } from '../../support/domain-objects'
import { ACCOUNT_A, ACCOUNT_B, LABELS, queryFixture } from './query-fixture'

const withSites = await queryFixture()
const both = [ACCOUNT_A, ACCOUNT_B]

async function twoAccounts() {
  return withSites({
    [ACCOUNT_A]: {
      sites: [makeSite(1, { name: 'Shop', tags: [makeTag(1, 'VIP')], updates_count: 2 }), makeSite(2, { name: 'Blog' })],
      tags: [makeTag(1, 'VIP'), makeTag(2, 'Retail')],
    },
    [ACCOUNT_B]: {
      sites: [makeSite(1, { name: 'Bakery', tags: [makeTag(1, 'VIP')] }), makeSite(3, { name: 'Shop' })],
      tags: [makeTag(1, 'VIP')],
    },
  })
}

describe('a scope of several accounts', () => {
  it('lists every account\'s sites, equal site ids told apart by their key', async () => {
    const q = await twoAccounts()
    const page = q.page({ scope: both })
    expect(page.scopeTotal).toBe(4)
    expect(page.rows.map((row) => row.key)).toEqual([keyOf(ACCOUNT_B, 1), keyOf(ACCOUNT_A, 2), keyOf(ACCOUNT_A, 1), keyOf(ACCOUNT_B, 3)])
    expect(page.rows.map((row) => [row.accountId, row.site.name])).toEqual([
      [ACCOUNT_B, 'Bakery'],
      [ACCOUNT_A, 'Blog'],
      // Equal names: by account label (Agency before Bakery group).
      [ACCOUNT_A, 'Shop'],
      [ACCOUNT_B, 'Shop'],
    ])
  })

  it('sorts by account label, and filters and counts by account', async () => {
    const q = await twoAccounts()
    expect(q.page({ scope: both, sort: [{ key: 'account', direction: 'desc' }] }).rows.map((row) => row.key)).toEqual([
      keyOf(ACCOUNT_B, 1),
      keyOf(ACCOUNT_B, 3),
      keyOf(ACCOUNT_A, 2),
      keyOf(ACCOUNT_A, 1),
    ])
    const page = q.page({ scope: both, filter: { accounts: [ACCOUNT_B], search: 'shop' }, facets: true })
    expect(page.rows.map((row) => row.key)).toEqual([keyOf(ACCOUNT_B, 3)])
    // The account facet counts the search and the other filters, not itself.
    expect(page.facets!.accounts).toEqual([
      { value: ACCOUNT_A, label: LABELS[ACCOUNT_A], count: 1 },
      { value: ACCOUNT_B, label: LABELS[ACCOUNT_B], count: 1 },
    ])
  })

  it('filters by tag key, and labels each tag with its account', async () => {
    const q = await twoAccounts()
    expect(q.page({ scope: both, filter: { tags: [keyOf(ACCOUNT_B, 1)] } }).rows.map((row) => row.key)).toEqual([keyOf(ACCOUNT_B, 1)])
    expect(q.page({ scope: both, filter: { tags: [keyOf(ACCOUNT_A, 1), keyOf(ACCOUNT_B, 1)] } }).total).toBe(2)
    // 'all' asks each site for the ticked tags of its own account.
    expect(q.page({ scope: both, filter: { tags: [keyOf(ACCOUNT_A, 1), keyOf(ACCOUNT_B, 1)], tagMode: 'all' } }).total).toBe(2)
    expect(q.page({ scope: both, filter: { tags: [keyOf(ACCOUNT_A, 1), keyOf(ACCOUNT_A, 2)], tagMode: 'all' } }).total).toBe(0)
    const tags = q.page({ scope: both, facets: true }).facets!.tags
    expect(tags).toEqual([
      { value: keyOf(ACCOUNT_A, 2), label: 'Retail (Agency)', count: 0 },
      { value: keyOf(ACCOUNT_A, 1), label: 'VIP (Agency)', count: 1 },
      { value: keyOf(ACCOUNT_B, 1), label: 'VIP (Bakery group)', count: 1 },
    ])
  })

  it('restricts to the rows named by keys, in the query\'s order, filtered, passing over keys of no row', async () => {
    const q = await twoAccounts()
    const keys = [keyOf(ACCOUNT_B, 3), keyOf(ACCOUNT_A, 1), keyOf(ACCOUNT_A, 99), keyOf(ACCOUNT_A, 1)]
    expect(q.page({ scope: both, keys }).rows.map((row) => row.key)).toEqual([keyOf(ACCOUNT_A, 1), keyOf(ACCOUNT_B, 3)])
    expect(q.page({ scope: both, keys, filter: { hasUpdates: true } })).toMatchObject({ scopeTotal: 4, total: 1 })
    // The site page's one site: its account's scope and its key.
    const one = q.page({ scope: [ACCOUNT_B], keys: [keyOf(ACCOUNT_B, 1)] })
    expect(one.rows.map((row) => row.site.name)).toEqual(['Bakery'])
    expect(q.page({ scope: [ACCOUNT_A], keys: [keyOf(ACCOUNT_B, 3)] }).rows).toEqual([])
  })

  it('restricts a large selection the same way', async () => {
    const many = Array.from({ length: 6000 }, (_, i) => makeSite(i + 1, { name: `Site ${i}`, updates_count: i % 2 }))
    const q = await withSites({ [ACCOUNT_A]: { sites: many }, [ACCOUNT_B]: { sites: many.slice(0, 10) } })
    // 2,000 keys: more than the few a selection filters and sorts by themselves.
    const keys = many.filter((site) => site.id % 3 === 0).map((site) => keyOf(ACCOUNT_A, site.id))
    const page = q.page({ scope: both, keys, filter: { hasUpdates: true }, limit: MAX_QUERY_ROWS })
    expect(page.total).toBe(1000)
    // Sites 6, 12, ... 6000 of account A (their names Site 5, Site 11, ... in natural order).
    expect(page.rows.map((row) => row.key)).toEqual(Array.from({ length: 1000 }, (_, i) => keyOf(ACCOUNT_A, (i + 1) * 6)))
  })

  it('keeps a ticked account or tag of another scope harmless: listed at 0, matching nothing', async () => {
    const q = await twoAccounts()
    const gone = '5d7c8a1e-0000-4000-8000-000000000002'
    const page = q.page({ scope: both, filter: { accounts: [gone] }, facets: true })
    expect(page.total).toBe(0)
    expect(page.facets!.accounts.at(-1)).toEqual({ value: gone, label: gone, count: 0 })
    // 'all' asks a site only for its own account's ticked tags; a tag of an account outside the scope asks nothing.
    expect(q.page({ scope: [ACCOUNT_A], filter: { tags: [keyOf(ACCOUNT_A, 1), keyOf(ACCOUNT_B, 1)], tagMode: 'all' } }).rows.map((row) => row.key)).toEqual([keyOf(ACCOUNT_A, 1)])
  })

  it('answers a range of the sorted rows, the limit held to MAX_QUERY_ROWS', async () => {
    const many = Array.from({ length: 1500 }, (_, i) => makeSite(i + 1, { name: `Site ${String(i).padStart(4, '0')}` }))
    const q = await withSites({ [ACCOUNT_A]: { sites: many } })
    const page = q.page({ offset: 10, limit: 5 })
    expect(page).toMatchObject({ offset: 10, total: 1500, scopeTotal: 1500 })
    expect(page.rows.map((row) => row.site.name)).toEqual(['Site 0010', 'Site 0011', 'Site 0012', 'Site 0013', 'Site 0014'])
    expect(q.page({ offset: 1498, limit: 10 }).rows).toHaveLength(2)
    expect(q.page({ offset: 5000, limit: 10 })).toMatchObject({ offset: 5000, total: 1500, rows: [] })
    expect(q.page({ limit: 0 }).rows).toEqual([])
    expect(q.page({ limit: 5000 }).rows).toHaveLength(MAX_QUERY_ROWS)
  })

  it("gives the page the scope's revisions, which move on with a write to either account", async () => {
    const q = await twoAccounts()
    const before = q.page({ scope: both }).revision
    expect(before).toBe(`${ACCOUNT_A}:${q.store.revision(ACCOUNT_A)},${ACCOUNT_B}:${q.store.revision(ACCOUNT_B)}`)
    q.store.upsertSite(ACCOUNT_B, makeSite(4, { name: 'Wiki' }))
    const after = q.page({ scope: both })
    expect(after.revision).not.toBe(before)
    expect(after.rows.map((row) => row.site.name)).toContain('Wiki')
    // A write to an account outside the scope leaves it be.
    expect(q.page({ scope: [ACCOUNT_A] }).revision).toBe(before.split(',')[0])
  })

  it('querySites picks the scope from the accounts given and names those missing', async () => {
    const q = await twoAccounts()
    const accounts = q.accounts(both)
    const page = querySites(accounts, { scope: [ACCOUNT_B], filter: EMPTY_FILTER, sort: [], offset: 0, limit: 10 })
    expect(page.rows.map((row) => row.key)).toEqual([keyOf(ACCOUNT_B, 1), keyOf(ACCOUNT_B, 3)])
    const missing = '5d7c8a1e-0000-4000-8000-000000000001'
    try {
      querySites(accounts, { scope: [ACCOUNT_A, missing], filter: EMPTY_FILTER, sort: [], offset: 0, limit: 10 })
      expect.unreachable()
    } catch (thrown) {
      expect(thrown).toBeInstanceOf(AppErrorException)
      expect((thrown as AppErrorException).appError.code).toBe('not_found')
      expect((thrown as AppErrorException).appError.message).toContain(missing)
    }
  })
})

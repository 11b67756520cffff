// A keystroke must not redo work: a query that only grows searches the remembered answer it
// narrows, Backspace is answered from memory, and each list's search keys are built once.
// Whatever memory answers must equal a fresh full filter: a property over random queries.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { EMPTY_FILTER, keyOf, type Site, type SiteFilter, type SiteSort } from '../../../../src/shared'
import { SitesQueryEngine, narrows, searchKeyOf, searchWords } from '../../../../src/core/query'
import { siteListIndex } from '../../../../src/core/query/site-list-index'
import { makeSite, makeTag } from '../../support/domain-objects'
import { ACCOUNT_A, ACCOUNT_B, queryFixture } from './query-fixture'

const withSites = await queryFixture()

describe('narrowing search', () => {
  it('knows when a query can only find fewer sites', () => {
    expect(narrows(searchWords('sho'), searchWords('shop'))).toBe(true)
    expect(narrows(searchWords('shop'), searchWords('shop vip'))).toBe(true)
    expect(narrows([], searchWords('a'))).toBe(true)
    expect(narrows(searchWords('shop'), searchWords('sho'))).toBe(false)
    expect(narrows(searchWords('shop vip'), searchWords('shop'))).toBe(false)
    expect(narrows(searchWords('shop'), searchWords('blog'))).toBe(false)
  })

  it("builds each list's search keys once: a growing query, Backspace and a new word build none; a write builds the new list's", async () => {
    const many = Array.from({ length: 2000 }, (_, i) => makeSite(i + 1, { name: `Site ${i} ${i % 10 === 0 ? 'Hotel' : 'Bakery'}` }))
    const q = await withSites({ [ACCOUNT_A]: { sites: many } })
    // Opening the view needs no key.
    expect(q.page({ limit: 50 }).rows).toHaveLength(50)
    const index = siteListIndex(q.store.sites(ACCOUNT_A))
    expect(q.page({ filter: { search: 'hot' } }).total).toBe(200)
    const keys = index.searchKeys()
    expect(q.page({ filter: { search: 'hote' } }).total).toBe(200)
    expect(q.page({ filter: { search: 'hot' } }).total).toBe(200)
    expect(q.page({ filter: { search: 'bakery 12' } }).total).toBe(many.filter((s) => ['bakery', '12'].every((word) => searchKeyOf(s).includes(word))).length)
    expect(siteListIndex(q.store.sites(ACCOUNT_A)).searchKeys()).toBe(keys)
    q.store.upsertSite(ACCOUNT_A, makeSite(1, { name: 'Renamed Hotel' }))
    expect(siteListIndex(q.store.sites(ACCOUNT_A))).not.toBe(index)
    expect(q.page({ filter: { search: 'renamed hot' } }).rows.map((row) => row.site.id)).toEqual([1])
  })

  it('answers Backspace from memory: the same rows as before', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites: Array.from({ length: 50 }, (_, i) => makeSite(i + 1, { name: `Shop ${i}` })) } })
    const before = q.page({ filter: { search: 'shop 1' } })
    q.page({ filter: { search: 'shop 12' } })
    expect(q.page({ filter: { search: 'shop 1' } })).toEqual(before)
  })
})

// ---- the property: memory's answer equals a fresh engine's full filter ----

const WORDS = ['shop', 'blog', 'hotel', 'bakery', 'studio', 'clinic', 'vip', 'nginx', 'apache', 'maria']
const tags = [makeTag(1, 'VIP'), makeTag(2, 'Retail'), makeTag(3, 'Hosting EU')]

function sitesFrom(seed: number, count: number): Site[] {
  let state = seed
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!
  return Array.from({ length: count }, (_, i) =>
    makeSite(i + 1, {
      name: `${pick()} ${pick()} ${i}`,
      url: `https://${pick()}-${i}.example.${random() < 0.5 ? 'com' : 'org'}`,
      notes: random() < 0.2 ? `ask ${pick()}` : '',
      tags: tags.filter(() => random() < 0.3),
      server: { ip: null, web: random() < 0.5 ? 'nginx/1.24.0' : 'Apache/2.4.58', php: `8.${Math.floor(random() * 4)}.1`, mysql: null },
      updates_count: Math.floor(random() * 3),
      last_check_at: random() < 0.1 ? null : '2026-01-01T00:00:00+00:00',
    }),
  )
}

type Step =
  | { kind: 'type'; text: string }
  | { kind: 'back'; count: number }
  | { kind: 'toggle'; filter: 'hasUpdates' | 'neverChecked' | 'tag' | 'php' | 'account' | 'tagMode' }
  | { kind: 'sort'; sort: SiteSort[] }

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('type' as const), text: fc.oneof(fc.constantFrom(...WORDS, ' ', '1', 'https://'), fc.string({ maxLength: 3 })) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('back' as const), count: fc.integer({ min: 1, max: 6 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('toggle' as const), filter: fc.constantFrom('hasUpdates', 'neverChecked', 'tag', 'php', 'account', 'tagMode') }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('sort' as const),
      sort: fc.constantFrom<SiteSort[]>([], [{ key: 'php', direction: 'desc' }], [{ key: 'account', direction: 'asc' }, { key: 'updates', direction: 'desc' }]),
    }),
  },
)

function apply(filter: SiteFilter, sort: SiteSort[], next: Step): [SiteFilter, SiteSort[]] {
  switch (next.kind) {
    case 'type':
      return [{ ...filter, search: (filter.search + next.text).slice(0, 40) }, sort]
    case 'back':
      return [{ ...filter, search: filter.search.slice(0, Math.max(0, filter.search.length - next.count)) }, sort]
    case 'sort':
      return [filter, next.sort]
    case 'toggle':
      switch (next.filter) {
        case 'hasUpdates':
          return [{ ...filter, hasUpdates: !filter.hasUpdates }, sort]
        case 'neverChecked':
          return [{ ...filter, neverChecked: !filter.neverChecked }, sort]
        case 'tag':
          return [{ ...filter, tags: filter.tags.length === 0 ? [keyOf(ACCOUNT_A, 1), keyOf(ACCOUNT_B, 2)] : [] }, sort]
        case 'tagMode':
          return [{ ...filter, tagMode: filter.tagMode === 'any' ? 'all' : 'any' }, sort]
        case 'php':
          return [{ ...filter, php: filter.php.length === 0 ? ['8.1.1', '8.3.1'] : [] }, sort]
        case 'account':
          return [{ ...filter, accounts: filter.accounts.length === 0 ? [ACCOUNT_B] : [] }, sort]
      }
  }
}

describe('remembered answers', () => {
  it('equal a fresh full filter at every step of typing, Backspace, filter and sort changes', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites: sitesFrom(42, 300), tags }, [ACCOUNT_B]: { sites: sitesFrom(7, 200), tags } })
    const scope = [ACCOUNT_A, ACCOUNT_B]
    const accounts = q.accounts(scope)
    const everySite = accounts.flatMap((account) => account.sites)
    const hasFilters = (filter: SiteFilter) => filter.hasUpdates || filter.neverChecked || filter.tags.length + filter.php.length + filter.accounts.length > 0
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const remembering = new SitesQueryEngine()
        let filter: SiteFilter = { ...EMPTY_FILTER }
        let sort: SiteSort[] = []
        for (const next of steps) {
          ;[filter, sort] = apply(filter, sort, next)
          const query = { scope, filter, sort, offset: 0, limit: 1000, facets: true }
          const answer = remembering.query(accounts, query)
          const fresh = new SitesQueryEngine().query(accounts, query)
          expect(answer).toEqual(fresh)
          // And the words are really matched: every row holds each word, and with no other
          // filter set, as many rows as hold them all.
          const words = searchWords(filter.search)
          for (const row of answer.rows) for (const word of words) expect(searchKeyOf(row.site)).toContain(word)
          if (!hasFilters(filter)) expect(answer.total).toBe(everySite.filter((site) => words.every((word) => searchKeyOf(site).includes(word))).length)
        }
      }),
      { numRuns: 60 },
    )
  })
})

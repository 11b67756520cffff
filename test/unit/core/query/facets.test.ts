// Facet counts of the Sites table's filter menus, counted by core's engine: each facet over the
// rows matching the search and every OTHER filter, versions newest first and "Not known" last,
// ticked values kept at 0, every tag of the account listed; and the version order itself.
import { describe, expect, it } from 'vitest'
import { EMPTY_FILTER, UNKNOWN_VALUE, keyOf, type SiteFilter } from '../../../../src/shared'
import { compareVersionsDescending } from '../../../../src/core/query'
import { makeSite, makeTag } from '../../support/domain-objects'
import { ACCOUNT_A, queryFixture } from './query-fixture'

const withSites = await queryFixture()

const [vip, retail] = [makeTag(7, 'VIP'), makeTag(8, 'Retail')]
const server = (php: string | null, web: string | null = 'nginx/1.24.0') => ({ ip: null, web, php, mysql: '8.0.36' })
const sites = [
  makeSite(1, { name: 'A', server: server('8.2.18'), tags: [vip], updates_count: 2 }),
  makeSite(2, { name: 'B', server: server('8.2.18', 'Apache'), tags: [vip, retail] }),
  makeSite(3, { name: 'C', server: server('8.10.1', 'nginx/1.26.1'), status: 'Down' }),
  makeSite(4, { name: 'D', server: server(null, null), last_check_at: null }),
  makeSite(5, { name: 'E', server: server('7.4.33', 'Apache/2.4.58 (Debian)'), tags: [retail], updates_count: 1 }),
]
const counts = (list: ReadonlyArray<{ label: string; count: number }>) => list.map((v) => `${v.label} (${v.count})`)

describe('facets', () => {
  it('counts each value, versions newest first and "Not known" last', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites, tags: [vip, retail] } })
    const all = q.page({ facets: true }).facets!
    expect(counts(all.php)).toEqual(['8.10.1 (1)', '8.2.18 (2)', '7.4.33 (1)', 'Not known (1)'])
    // Grouped by product A to Z, newest version first (a bare product name after its versions).
    expect(counts(all.web)).toEqual(['Apache/2.4.58 (Debian) (1)', 'Apache (1)', 'nginx/1.26.1 (1)', 'nginx/1.24.0 (1)', 'Not known (1)'])
    expect(counts(all.status)).toEqual(['Ok (4)', 'Down (1)'])
    expect(counts(all.tags)).toEqual(['Retail (2)', 'VIP (2)'])
    expect(all.tags.map((t) => t.value)).toEqual([keyOf(ACCOUNT_A, 8), keyOf(ACCOUNT_A, 7)])
    expect(all.hasUpdates).toBe(2)
    expect(all.neverChecked).toBe(1)
    // One account: no account facet.
    expect(all.accounts).toEqual([])
  })

  it('counts each facet over the sites matching the search and the other filters, not its own', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites, tags: [vip, retail] } })
    const filter: Partial<SiteFilter> = { php: ['8.2.18'], tags: [keyOf(ACCOUNT_A, retail.id)] }
    const result = q.page({ filter, facets: true }).facets!
    // PHP counts ignore the PHP filter but keep the tag filter: sites 2 and 5 carry Retail.
    expect(counts(result.php)).toEqual(['8.2.18 (1)', '7.4.33 (1)'])
    // Tag counts ignore the tag filter but keep PHP 8.2.18: sites 1 and 2.
    expect(counts(result.tags)).toEqual(['Retail (1)', 'VIP (2)'])
    // Other facets count what the whole filter shows: site 2 only.
    expect(counts(result.web)).toEqual(['Apache (1)'])
    expect(counts(q.page({ filter: { search: 'nginx' }, facets: true }).facets!.php)).toEqual(['8.10.1 (1)', '8.2.18 (1)'])
    // The answer agrees with filtering: ticking a value shows as many sites as it counted.
    for (const value of result.php) {
      expect(q.page({ filter: { ...filter, php: [value.value] } }).total).toBe(value.count)
    }
  })

  it("keeps a ticked value that no site has, at 0, and names the account's unused tags", async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites, tags: [vip, retail, makeTag(9, 'Unused')] } })
    const result = q.page({ filter: { php: ['5.6.40'], status: ['Gone'], tags: [keyOf(ACCOUNT_A, 99)] }, facets: true }).facets!
    expect(result.php.find((v) => v.value === '5.6.40')?.count).toBe(0)
    expect(result.status.find((v) => v.value === 'Gone')?.count).toBe(0)
    expect(result.tags.find((v) => v.value === keyOf(ACCOUNT_A, 9))).toEqual({ value: keyOf(ACCOUNT_A, 9), label: 'Unused', count: 0 })
    expect(result.tags.find((v) => v.value === keyOf(ACCOUNT_A, 99))).toEqual({ value: keyOf(ACCOUNT_A, 99), label: 'Tag #99', count: 0 })
  })

  it('answers facets only when asked, and the same counts again for the same filter', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites } })
    expect(q.page().facets).toBeNull()
    const first = q.page({ filter: { search: 'example' }, facets: true }).facets
    expect(q.page({ filter: { search: 'example' }, facets: true, offset: 2 }).facets).toEqual(first)
  })

  it('orders versions as people read them', () => {
    const values = ['5.7.44', '10.6.17-MariaDB', '8.0.37', UNKNOWN_VALUE, '10.11.7-MariaDB']
    expect([...values].sort(compareVersionsDescending)).toEqual(['10.11.7-MariaDB', '10.6.17-MariaDB', '8.0.37', '5.7.44', UNKNOWN_VALUE])
  })

  it('counts 10,000 sites in a few milliseconds once the scope is indexed', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => makeSite(i + 1, { name: `Site ${i}`, server: server(`8.${i % 4}.${i % 30}`) }))
    const q = await withSites({ [ACCOUNT_A]: { sites: many } })
    q.page({ filter: { ...EMPTY_FILTER, search: 'site 1', php: ['8.1.1'] }, facets: true })
    const started = performance.now()
    q.page({ filter: { ...EMPTY_FILTER, search: 'site 1', php: ['8.1.1'], hasUpdates: true }, facets: true })
    // Generous (a few ms when the machine is quiet): a busy CI machine must not fail it;
    // bench/sites-query.bench.ts measures it.
    expect(performance.now() - started).toBeLessThan(100)
  })
})

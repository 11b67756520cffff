import { describe, expect, it } from 'vitest'
import {
  EMPTY_FILTER,
  SiteSearch,
  UNKNOWN_VALUE,
  buildSearchKeys,
  compareVersionsDescending,
  facets,
  filterSites,
  isFiltering,
  narrows,
  searchWords,
  sortSites,
  statusesOf,
  type SiteFilter,
} from '../../../../src/renderer/src/lib/site-query'
import type { Site } from '../../../../src/shared'
import { makeSite, makeTag } from '../support/fake-api'

const shop = makeSite(1, { name: 'Shop', url: 'https://shop.example.com', tags: [makeTag(7, 'VIP')], updates_count: 3 })
const blog = makeSite(2, {
  name: 'Blog',
  url: 'https://blog.example.org',
  updates_count: 0,
  last_check_at: null,
  server: { ip: null, web: null, php: null, mysql: null },
})
const docs = makeSite(3, { name: 'docs', url: 'http://docs.example.net', status: 'Down', server: { ip: null, web: 'Apache', php: '8.10.1', mysql: '8.0.36' } })
const all = [shop, blog, docs]

describe('filterSites', () => {
  it('searches name and address, case-insensitively and with or without the scheme', () => {
    expect(filterSites(all, { ...EMPTY_FILTER, search: 'SHOP' }).map((s) => s.id)).toEqual([1])
    expect(filterSites(all, { ...EMPTY_FILTER, search: 'example.org' }).map((s) => s.id)).toEqual([2])
    expect(filterSites(all, { ...EMPTY_FILTER, search: 'https://blog' }).map((s) => s.id)).toEqual([2])
  })

  it('finds tags, server software and notes too, every word somewhere in the site', () => {
    const noted = makeSite(4, { name: 'Clinic', url: 'https://clinic.example', notes: 'Call Maria before updating', server: { ip: '203.0.113.9', web: 'Apache/2.4.58', php: '7.4.33', mysql: null } })
    const sites = [...all, noted]
    expect(filterSites(sites, { ...EMPTY_FILTER, search: 'vip' }).map((s) => s.id)).toEqual([1])
    expect(filterSites(sites, { ...EMPTY_FILTER, search: 'maria' }).map((s) => s.id)).toEqual([4])
    expect(filterSites(sites, { ...EMPTY_FILTER, search: '7.4.33' }).map((s) => s.id)).toEqual([4])
    expect(filterSites(sites, { ...EMPTY_FILTER, search: 'apache clinic' }).map((s) => s.id)).toEqual([4])
    expect(filterSites(sites, { ...EMPTY_FILTER, search: 'shop vip' }).map((s) => s.id)).toEqual([1])
    expect(filterSites(sites, { ...EMPTY_FILTER, search: 'shop maria' })).toEqual([])
    // With keys built beforehand the answer is the same.
    expect(filterSites(sites, { ...EMPTY_FILTER, search: 'apache clinic' }, buildSearchKeys(sites)).map((s) => s.id)).toEqual([4])
  })

  it('finds the status, the IP, the admin address and server versions of every column', () => {
    const noted = makeSite(4, {
      name: 'Clinic',
      url: 'https://clinic.example',
      admin_url: 'https://backoffice.clinic.example/login',
      status: 'Maintenance',
      server: { ip: '203.0.113.9', web: 'nginx/1.26.1', php: '8.3.9', mysql: '10.6.17-MariaDB' },
    })
    const sites = [...all, noted]
    for (const query of ['nginx/1.26', '8.3.9', '1.26.1', 'mariadb', '203.0.113', 'backoffice', 'maintenance']) {
      expect(filterSites(sites, { ...EMPTY_FILTER, search: query }).map((s) => s.id), query).toEqual([4])
    }
    // A word never matches across two fields (the name's end and the address's start).
    expect(filterSites(sites, { ...EMPTY_FILTER, search: 'clinicclinic' })).toEqual([])
  })

  it('filters by tag, status, pending updates and never checked, together', () => {
    expect(filterSites(all, { ...EMPTY_FILTER, tagIds: [7] }).map((s) => s.id)).toEqual([1])
    expect(filterSites(all, { ...EMPTY_FILTER, status: ['Down'] }).map((s) => s.id)).toEqual([3])
    expect(filterSites(all, { ...EMPTY_FILTER, status: ['Down', 'Ok'] }).map((s) => s.id)).toEqual([1, 2, 3])
    expect(filterSites(all, { ...EMPTY_FILTER, hasUpdates: true }).map((s) => s.id)).toEqual([1])
    expect(filterSites(all, { ...EMPTY_FILTER, neverChecked: true }).map((s) => s.id)).toEqual([2])
    expect(filterSites(all, { ...EMPTY_FILTER, neverChecked: true, hasUpdates: true })).toEqual([])
  })

  it('filters by server versions, one of the ticked values, "Not known" for no value', () => {
    expect(filterSites(all, { ...EMPTY_FILTER, php: ['8.10.1'] }).map((s) => s.id)).toEqual([3])
    expect(filterSites(all, { ...EMPTY_FILTER, php: ['8.10.1', '8.2.18'] }).map((s) => s.id)).toEqual([1, 3])
    expect(filterSites(all, { ...EMPTY_FILTER, php: [UNKNOWN_VALUE] }).map((s) => s.id)).toEqual([2])
    expect(filterSites(all, { ...EMPTY_FILTER, web: ['Apache'], mysql: ['8.0.36'] }).map((s) => s.id)).toEqual([3])
    expect(filterSites(all, { ...EMPTY_FILTER, web: ['Apache'], mysql: ['5.7.44'] })).toEqual([])
  })

  it('matches any or all of the ticked tags', () => {
    const [a, b] = [makeTag(1, 'A'), makeTag(2, 'B')]
    const sites = [makeSite(1, { tags: [a] }), makeSite(2, { tags: [a, b] }), makeSite(3, { tags: [b] }), makeSite(4)]
    expect(filterSites(sites, { ...EMPTY_FILTER, tagIds: [1, 2] }).map((s) => s.id)).toEqual([1, 2, 3])
    expect(filterSites(sites, { ...EMPTY_FILTER, tagIds: [1, 2], tagMode: 'all' }).map((s) => s.id)).toEqual([2])
  })

  it('knows when a filter is on', () => {
    expect(isFiltering(EMPTY_FILTER)).toBe(false)
    expect(isFiltering({ ...EMPTY_FILTER, search: '  ' })).toBe(false)
    expect(isFiltering({ ...EMPTY_FILTER, neverChecked: true })).toBe(true)
    expect(isFiltering({ ...EMPTY_FILTER, php: [UNKNOWN_VALUE] })).toBe(true)
    expect(isFiltering({ ...EMPTY_FILTER, tagMode: 'all' })).toBe(false)
  })
})

describe('facets', () => {
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

  it('counts each value, versions newest first and "Not known" last', () => {
    const all = facets(sites, EMPTY_FILTER)
    expect(counts(all.php)).toEqual(['8.10.1 (1)', '8.2.18 (2)', '7.4.33 (1)', 'Not known (1)'])
    // Grouped by product A to Z, newest version first (a bare product name after its versions).
    expect(counts(all.web)).toEqual(['Apache/2.4.58 (Debian) (1)', 'Apache (1)', 'nginx/1.26.1 (1)', 'nginx/1.24.0 (1)', 'Not known (1)'])
    expect(counts(all.status)).toEqual(['Ok (4)', 'Down (1)'])
    expect(counts(all.tags)).toEqual(['Retail (2)', 'VIP (2)'])
    expect(all.hasUpdates).toBe(2)
    expect(all.neverChecked).toBe(1)
  })

  it('counts each facet over the sites matching the search and the other filters, not its own', () => {
    const filter = { ...EMPTY_FILTER, php: ['8.2.18'], tagIds: [retail.id] }
    const result = facets(sites, filter)
    // PHP counts ignore the PHP filter but keep the tag filter: sites 2 and 5 carry Retail.
    expect(counts(result.php)).toEqual(['8.2.18 (1)', '7.4.33 (1)'])
    // Tag counts ignore the tag filter but keep PHP 8.2.18: sites 1 and 2.
    expect(counts(result.tags)).toEqual(['Retail (1)', 'VIP (2)'])
    // Other facets count what the whole filter shows: site 2 only.
    expect(counts(result.web)).toEqual(['Apache (1)'])
    expect(counts(facets(sites, { ...EMPTY_FILTER, search: 'nginx' }).php)).toEqual(['8.10.1 (1)', '8.2.18 (1)'])
    // The answer agrees with filtering: ticking a value shows as many sites as it counted.
    for (const value of result.php) {
      expect(filterSites(sites, { ...filter, php: [value.value] })).toHaveLength(value.count)
    }
  })

  it('keeps a ticked value that no site has, at 0, and names the account\'s unused tags', () => {
    const result = facets(sites, { ...EMPTY_FILTER, php: ['5.6.40'], status: ['Gone'] }, undefined, new Map([[9, 'Unused']]))
    expect(result.php.find((v) => v.value === '5.6.40')?.count).toBe(0)
    expect(result.status.find((v) => v.value === 'Gone')?.count).toBe(0)
    expect(result.tags.find((v) => v.value === 9)).toEqual({ value: 9, label: 'Unused', count: 0 })
  })

  it('orders versions as people read them', () => {
    const values = ['5.7.44', '10.6.17-MariaDB', '8.0.37', UNKNOWN_VALUE, '10.11.7-MariaDB']
    expect([...values].sort(compareVersionsDescending)).toEqual(['10.11.7-MariaDB', '10.6.17-MariaDB', '8.0.37', '5.7.44', UNKNOWN_VALUE])
  })

  it('counts 10,000 sites in a few milliseconds', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => makeSite(i + 1, { name: `Site ${i}`, server: server(`8.${i % 4}.${i % 30}`) }))
    const keys = buildSearchKeys(many)
    facets(many, { ...EMPTY_FILTER, search: 'site 1', php: ['8.1.1'] }, keys)
    const started = performance.now()
    facets(many, { ...EMPTY_FILTER, search: 'site 1', php: ['8.1.1'], hasUpdates: true }, keys)
    expect(performance.now() - started).toBeLessThan(50)
  })
})

describe('sortSites', () => {
  it('sorts names naturally and both ways', () => {
    expect(sortSites(all, [{ key: 'name', direction: 'asc' }]).map((s) => s.name)).toEqual(['Blog', 'docs', 'Shop'])
    expect(sortSites(all, [{ key: 'name', direction: 'desc' }]).map((s) => s.name)).toEqual(['Shop', 'docs', 'Blog'])
  })

  it('compares versions numerically (8.10 after 8.2)', () => {
    expect(sortSites(all, [{ key: 'php', direction: 'asc' }]).map((s) => s.id)).toEqual([1, 3, 2])
  })

  it('keeps empty values last in both directions', () => {
    expect(sortSites(all, [{ key: 'lastCheck', direction: 'asc' }]).at(-1)?.id).toBe(2)
    expect(sortSites(all, [{ key: 'lastCheck', direction: 'desc' }]).at(-1)?.id).toBe(2)
    expect(sortSites(all, [{ key: 'web', direction: 'desc' }]).at(-1)?.id).toBe(2)
  })

  it('sorts by pending updates as numbers and does not change its input', () => {
    const before = all.map((s) => s.id)
    expect(sortSites(all, [{ key: 'updates', direction: 'desc' }]).map((s) => s.id)).toEqual([1, 2, 3])
    expect(all.map((s) => s.id)).toEqual(before)
  })

  it('breaks ties of the first sort with the second, then by name', () => {
    const sites = [
      makeSite(1, { name: 'Delta', server: { ip: null, web: 'nginx', php: '8.2.18', mysql: null }, updates_count: 1 }),
      makeSite(2, { name: 'Alpha', server: { ip: null, web: 'nginx', php: '8.3.9', mysql: null }, updates_count: 1 }),
      makeSite(3, { name: 'Bravo', server: { ip: null, web: 'Apache', php: '8.2.18', mysql: null }, updates_count: 4 }),
      makeSite(4, { name: 'Charlie', server: { ip: null, web: 'nginx', php: '8.2.18', mysql: null }, updates_count: 1 }),
      makeSite(5, { name: 'Echo', server: { ip: null, web: null, php: null, mysql: null }, updates_count: 1 }),
    ]
    const ids = (sorts: Parameters<typeof sortSites>[1]) => sortSites(sites, sorts).map((s) => s.id)
    expect(ids([{ key: 'php', direction: 'desc' }, { key: 'updates', direction: 'desc' }])).toEqual([2, 3, 4, 1, 5])
    expect(ids([{ key: 'updates', direction: 'desc' }, { key: 'php', direction: 'asc' }])).toEqual([3, 4, 1, 2, 5])
    // A second level whose value is empty puts that site last within its tie.
    expect(ids([{ key: 'updates', direction: 'asc' }, { key: 'web', direction: 'desc' }])).toEqual([2, 4, 1, 5, 3])
    // No sort at all: by name.
    expect(ids([])).toEqual([2, 3, 4, 1, 5])
  })

  it('sorts a thousand sites quickly', () => {
    const many = Array.from({ length: 1000 }, (_, i) => makeSite(i + 1, { name: `Site ${(i * 7919) % 1000}` }))
    const started = performance.now()
    sortSites(filterSites(many, { ...EMPTY_FILTER, search: 'site' }), [{ key: 'name', direction: 'asc' }])
    expect(performance.now() - started).toBeLessThan(100)
  })
})

describe('statusesOf', () => {
  it('lists each status once, Ok first', () => {
    expect(statusesOf(all)).toEqual(['Ok', 'Down'])
  })
})

describe('narrowing search', () => {
  it('knows when a query can only find fewer sites', () => {
    expect(narrows(searchWords('sho'), searchWords('shop'))).toBe(true)
    expect(narrows(searchWords('shop'), searchWords('shop vip'))).toBe(true)
    expect(narrows([], searchWords('a'))).toBe(true)
    expect(narrows(searchWords('shop'), searchWords('sho'))).toBe(false)
    expect(narrows(searchWords('shop vip'), searchWords('shop'))).toBe(false)
    expect(narrows(searchWords('shop'), searchWords('blog'))).toBe(false)
  })

  // A deterministic stand-in for random: the same "random" sites and queries every run.
  function generator(seed: number) {
    let state = seed
    return () => {
      state = (state * 1103515245 + 12345) % 2147483648
      return state / 2147483648
    }
  }

  it('gives the same rows as a full scan for every step of growing, shrinking and changed queries', () => {
    const random = generator(42)
    const words = ['shop', 'blog', 'hotel', 'bakery', 'studio', 'clinic', 'vip', 'nginx', 'apache', 'maria']
    const pick = () => words[Math.floor(random() * words.length)]!
    const tags = [makeTag(1, 'VIP'), makeTag(2, 'Retail'), makeTag(3, 'Hosting EU')]
    const sites: Site[] = Array.from({ length: 800 }, (_, i) =>
      makeSite(i + 1, {
        name: `${pick()} ${pick()} ${i}`,
        url: `https://${pick()}-${i}.example.${random() < 0.5 ? 'com' : 'org'}`,
        notes: random() < 0.2 ? `ask ${pick()}` : '',
        tags: tags.filter(() => random() < 0.3),
        server: { ip: null, web: random() < 0.5 ? 'nginx/1.24.0' : 'Apache/2.4.58', php: `8.${Math.floor(random() * 4)}.1`, mysql: null },
        updates_count: Math.floor(random() * 3),
      }),
    )
    const keys = buildSearchKeys(sites)
    const search = new SiteSearch()
    const ids = (list: readonly Site[]) => list.map((s) => s.id)
    let filter: SiteFilter = { ...EMPTY_FILTER }
    const check = () => expect(ids(search.run(sites, keys, filter))).toEqual(ids(filterSites(sites, filter, keys)))

    for (let round = 0; round < 30; round++) {
      // Type a query letter by letter (each step narrows), sometimes a second word...
      const query = random() < 0.4 ? `${pick()} ${pick()}` : pick()
      for (let n = 1; n <= query.length; n++) {
        filter = { ...filter, search: query.slice(0, n) }
        check()
      }
      // ...then take letters back (each step widens) and sometimes change another filter.
      for (let n = query.length - 1; n >= Math.floor(query.length / 2); n--) {
        filter = { ...filter, search: query.slice(0, n) }
        check()
      }
      if (random() < 0.3) {
        filter = { ...filter, hasUpdates: !filter.hasUpdates }
        check()
      }
      if (random() < 0.3) {
        filter = { ...filter, tagIds: filter.tagIds.length === 0 ? [1] : [] }
        check()
      }
      if (random() < 0.2) {
        filter = { ...filter, php: filter.php.length === 0 ? ['8.1.1', '8.3.1'] : [] }
        check()
      }
    }
  })

  it("reads each site's key once per list: a growing query, Backspace and a new word look up nothing more", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => makeSite(i + 1, { name: `Site ${i} ${i % 10 === 0 ? 'Hotel' : 'Bakery'}` }))
    // Counts the keys looked up by id: the search keeps them in the list's order after the first query.
    const reads = { count: 0 }
    const counting = new Proxy(buildSearchKeys(many), {
      get(target, prop) {
        if (prop === 'get') return (id: number) => (reads.count++, target.get(id))
        const value = Reflect.get(target, prop, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const search = new SiteSearch()
    expect(search.run(many, counting, { ...EMPTY_FILTER, search: 'hot' })).toHaveLength(1000)
    expect(reads.count).toBe(10_000)
    reads.count = 0
    expect(search.run(many, counting, { ...EMPTY_FILTER, search: 'hote' })).toHaveLength(1000)
    expect(search.run(many, counting, { ...EMPTY_FILTER, search: 'hot' })).toHaveLength(1000)
    const twoWords = { ...EMPTY_FILTER, search: 'bakery 12' }
    expect(search.run(many, counting, twoWords)).toEqual(filterSites(many, twoWords))
    expect(reads.count).toBe(0)
    // Another list (a new snapshot or sort) reads its keys again, once.
    const reversed = [...many].reverse()
    expect(search.run(reversed, counting, { ...EMPTY_FILTER, search: 'hotel' })[0]).toBe(reversed.find((s) => s.name.includes('Hotel')))
    expect(reads.count).toBe(10_000)
  })
})

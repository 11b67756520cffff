import { describe, expect, it } from 'vitest'
import {
  EMPTY_FILTER,
  SiteSearch,
  buildSearchKeys,
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

  it('filters by tag, status, pending updates and never checked, together', () => {
    expect(filterSites(all, { ...EMPTY_FILTER, tagId: 7 }).map((s) => s.id)).toEqual([1])
    expect(filterSites(all, { ...EMPTY_FILTER, status: 'Down' }).map((s) => s.id)).toEqual([3])
    expect(filterSites(all, { ...EMPTY_FILTER, hasUpdates: true }).map((s) => s.id)).toEqual([1])
    expect(filterSites(all, { ...EMPTY_FILTER, neverChecked: true }).map((s) => s.id)).toEqual([2])
    expect(filterSites(all, { ...EMPTY_FILTER, neverChecked: true, hasUpdates: true })).toEqual([])
  })

  it('knows when a filter is on', () => {
    expect(isFiltering(EMPTY_FILTER)).toBe(false)
    expect(isFiltering({ ...EMPTY_FILTER, search: '  ' })).toBe(false)
    expect(isFiltering({ ...EMPTY_FILTER, neverChecked: true })).toBe(true)
  })
})

describe('sortSites', () => {
  it('sorts names naturally and both ways', () => {
    expect(sortSites(all, { key: 'name', direction: 'asc' }).map((s) => s.name)).toEqual(['Blog', 'docs', 'Shop'])
    expect(sortSites(all, { key: 'name', direction: 'desc' }).map((s) => s.name)).toEqual(['Shop', 'docs', 'Blog'])
  })

  it('compares versions numerically (8.10 after 8.2)', () => {
    expect(sortSites(all, { key: 'php', direction: 'asc' }).map((s) => s.id)).toEqual([1, 3, 2])
  })

  it('keeps empty values last in both directions', () => {
    expect(sortSites(all, { key: 'lastCheck', direction: 'asc' }).at(-1)?.id).toBe(2)
    expect(sortSites(all, { key: 'lastCheck', direction: 'desc' }).at(-1)?.id).toBe(2)
    expect(sortSites(all, { key: 'web', direction: 'desc' }).at(-1)?.id).toBe(2)
  })

  it('sorts by pending updates as numbers and does not change its input', () => {
    const before = all.map((s) => s.id)
    expect(sortSites(all, { key: 'updates', direction: 'desc' }).map((s) => s.id)).toEqual([1, 2, 3])
    expect(all.map((s) => s.id)).toEqual(before)
  })

  it('sorts a thousand sites quickly', () => {
    const many = Array.from({ length: 1000 }, (_, i) => makeSite(i + 1, { name: `Site ${(i * 7919) % 1000}` }))
    const started = performance.now()
    sortSites(filterSites(many, { ...EMPTY_FILTER, search: 'site' }), { key: 'name', direction: 'asc' })
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
        filter = { ...filter, tagId: filter.tagId === null ? 1 : null }
        check()
      }
    }
  })

  it('narrows instead of scanning: a growing query at 10,000 sites looks only at what it found before', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => makeSite(i + 1, { name: `Site ${i} ${i % 10 === 0 ? 'Hotel' : 'Bakery'}` }))
    // Counts the keys looked at: a full scan would read all 10,000.
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
    const narrowed = search.run(many, counting, { ...EMPTY_FILTER, search: 'hote' })
    expect(narrowed).toHaveLength(1000)
    expect(reads.count).toBe(1000)
    // Backspace: a query seen lately is answered from memory, reading nothing.
    reads.count = 0
    expect(search.run(many, counting, { ...EMPTY_FILTER, search: 'hot' })).toHaveLength(1000)
    expect(reads.count).toBe(0)
  })
})

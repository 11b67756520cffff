// The order of the Sites table's rows, sorted by core's engine: natural name order both ways,
// versions numerically, empty values last in both directions, a second level breaking the
// first's ties, then name, account and id so the order is total.
import { describe, expect, it } from 'vitest'
import type { SiteSort } from '../../../../src/shared'
import { makeSite } from '../../support/domain-objects'
import { ACCOUNT_A, queryFixture } from './query-fixture'

const withSites = await queryFixture()

const shop = makeSite(1, { name: 'Shop', url: 'https://shop.example.com', updates_count: 3 })
const blog = makeSite(2, { name: 'Blog', url: 'https://blog.example.org', updates_count: 0, last_check_at: null, server: { ip: null, web: null, php: null, mysql: null } })
const docs = makeSite(3, { name: 'docs', url: 'http://docs.example.net', status: 'Down', server: { ip: null, web: 'Apache', php: '8.10.1', mysql: '8.0.36' } })
const all = [shop, blog, docs]

describe('sort', () => {
  it('sorts names naturally and both ways', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites: all } })
    const names = (sort: SiteSort[]) => q.page({ sort }).rows.map((row) => row.site.name)
    expect(names([{ key: 'name', direction: 'asc' }])).toEqual(['Blog', 'docs', 'Shop'])
    expect(names([{ key: 'name', direction: 'desc' }])).toEqual(['Shop', 'docs', 'Blog'])
  })

  it('compares versions numerically (8.10 after 8.2)', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites: all } })
    expect(q.ids({}, { sort: [{ key: 'php', direction: 'asc' }] })).toEqual([1, 3, 2])
  })

  it('keeps empty values last in both directions', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites: all } })
    expect(q.ids({}, { sort: [{ key: 'lastCheck', direction: 'asc' }] }).at(-1)).toBe(2)
    expect(q.ids({}, { sort: [{ key: 'lastCheck', direction: 'desc' }] }).at(-1)).toBe(2)
    expect(q.ids({}, { sort: [{ key: 'web', direction: 'desc' }] }).at(-1)).toBe(2)
  })

  it('sorts by pending updates as numbers, and natural numbers in names (Site 9 before Site 10)', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites: [...all, makeSite(4, { name: 'Site 10', updates_count: 12 }), makeSite(5, { name: 'Site 9', updates_count: 4 })] } })
    expect(q.ids({}, { sort: [{ key: 'updates', direction: 'desc' }] })).toEqual([4, 5, 1, 2, 3])
    expect(q.page().rows.map((row) => row.site.name)).toEqual(['Blog', 'docs', 'Shop', 'Site 9', 'Site 10'])
  })

  it('breaks ties of the first sort with the second, then by name', async () => {
    const q = await withSites({
      [ACCOUNT_A]: {
        sites: [
          makeSite(1, { name: 'Delta', server: { ip: null, web: 'nginx', php: '8.2.18', mysql: null }, updates_count: 1 }),
          makeSite(2, { name: 'Alpha', server: { ip: null, web: 'nginx', php: '8.3.9', mysql: null }, updates_count: 1 }),
          makeSite(3, { name: 'Bravo', server: { ip: null, web: 'Apache', php: '8.2.18', mysql: null }, updates_count: 4 }),
          makeSite(4, { name: 'Charlie', server: { ip: null, web: 'nginx', php: '8.2.18', mysql: null }, updates_count: 1 }),
          makeSite(5, { name: 'Echo', server: { ip: null, web: null, php: null, mysql: null }, updates_count: 1 }),
        ],
      },
    })
    const ids = (sort: SiteSort[]) => q.ids({}, { sort })
    expect(ids([{ key: 'php', direction: 'desc' }, { key: 'updates', direction: 'desc' }])).toEqual([2, 3, 4, 1, 5])
    expect(ids([{ key: 'updates', direction: 'desc' }, { key: 'php', direction: 'asc' }])).toEqual([3, 4, 1, 2, 5])
    // A second level whose value is empty puts that site last within its tie.
    expect(ids([{ key: 'updates', direction: 'asc' }, { key: 'web', direction: 'desc' }])).toEqual([2, 4, 1, 5, 3])
    // No sort at all: by name.
    expect(ids([])).toEqual([2, 3, 4, 1, 5])
  })

  it('orders equal names by id, and a few named rows exactly as the whole list', async () => {
    const twins = Array.from({ length: 6 }, (_, i) => makeSite(10 - i, { name: i % 2 ? 'shop' : 'Shop', updates_count: i % 3 }))
    const q = await withSites({ [ACCOUNT_A]: { sites: twins } })
    const sort: SiteSort[] = [{ key: 'updates', direction: 'desc' }]
    const whole = q.page({ sort }).rows.map((row) => row.key)
    expect(q.ids({}, { sort: [] })).toEqual([5, 6, 7, 8, 9, 10])
    // The same rows asked for by key (the small-selection path) come in the same order.
    expect(q.page({ sort, keys: [...whole].reverse() }).rows.map((row) => row.key)).toEqual(whole)
  })

  it('sorts a thousand sites quickly', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => makeSite(i + 1, { name: `Site ${(i * 7919) % 1000}` }))
    const q = await withSites({ [ACCOUNT_A]: { sites: many } })
    const started = performance.now()
    q.page({ filter: { search: 'site' }, sort: [{ key: 'name', direction: 'asc' }] })
    expect(performance.now() - started).toBeLessThan(100)
  })
})

// The Sites table's search and filters, answered by core's engine over a real store: every
// column's text is searched, words each somewhere in the site and never across two fields,
// and the facet filters (server versions with "Not known", status, tags any/all, pending
// updates, never checked) combine.
import { describe, expect, it } from 'vitest'
import { UNKNOWN_VALUE, keyOf } from '../../../../src/shared'
import { makeSite, makeTag } from '../../support/domain-objects'
import { ACCOUNT_A, queryFixture } from './query-fixture'

const withSites = await queryFixture()

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
const tagKey = (id: number) => keyOf(ACCOUNT_A, id)

describe('search', () => {
  it('searches name and address, case-insensitively and with or without the scheme', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites: all } })
    expect(q.found({ search: 'SHOP' })).toEqual([1])
    expect(q.found({ search: 'example.org' })).toEqual([2])
    expect(q.found({ search: 'https://blog' })).toEqual([2])
  })

  it('finds tags, server software and notes too, every word somewhere in the site', async () => {
    const noted = makeSite(4, { name: 'Clinic', url: 'https://clinic.example', notes: 'Call Maria before updating', server: { ip: '203.0.113.9', web: 'Apache/2.4.58', php: '7.4.33', mysql: null } })
    const q = await withSites({ [ACCOUNT_A]: { sites: [...all, noted] } })
    expect(q.found({ search: 'vip' })).toEqual([1])
    expect(q.found({ search: 'maria' })).toEqual([4])
    expect(q.found({ search: '7.4.33' })).toEqual([4])
    expect(q.found({ search: 'apache clinic' })).toEqual([4])
    expect(q.found({ search: 'shop vip' })).toEqual([1])
    expect(q.found({ search: 'shop maria' })).toEqual([])
  })

  it('finds the status, the IP, the admin address and server versions of every column', async () => {
    const noted = makeSite(4, {
      name: 'Clinic',
      url: 'https://clinic.example',
      admin_url: 'https://backoffice.clinic.example/login',
      status: 'Maintenance',
      server: { ip: '203.0.113.9', web: 'nginx/1.26.1', php: '8.3.9', mysql: '10.6.17-MariaDB' },
    })
    const q = await withSites({ [ACCOUNT_A]: { sites: [...all, noted] } })
    for (const query of ['nginx/1.26', '8.3.9', '1.26.1', 'mariadb', '203.0.113', 'backoffice', 'maintenance']) {
      expect(q.found({ search: query }), query).toEqual([4])
    }
    // A word never matches across two fields (the name's end and the address's start), even
    // one holding a control character.
    expect(q.found({ search: 'clinicclinic' })).toEqual([])
    expect(q.found({ search: 'clinic\u0001clinic.example' })).toEqual([4])
    expect(q.found({ search: 'xyz\u0001clinic' })).toEqual([])
  })

  it('treats a blank search as none', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites: all } })
    expect(q.page({ filter: { search: '   ' } }).total).toBe(3)
  })
})

describe('filters', () => {
  it('filters by tag, status, pending updates and never checked, together', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites: all, tags: [makeTag(7, 'VIP')] } })
    expect(q.found({ tags: [tagKey(7)] })).toEqual([1])
    expect(q.found({ status: ['Down'] })).toEqual([3])
    expect(q.found({ status: ['Down', 'Ok'] })).toEqual([1, 2, 3])
    expect(q.found({ hasUpdates: true })).toEqual([1])
    expect(q.found({ neverChecked: true })).toEqual([2])
    expect(q.found({ neverChecked: true, hasUpdates: true })).toEqual([])
  })

  it('filters by server versions, one of the ticked values, "Not known" for no value', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites: all } })
    expect(q.found({ php: ['8.10.1'] })).toEqual([3])
    expect(q.found({ php: ['8.10.1', '8.2.18'] })).toEqual([1, 3])
    expect(q.found({ php: [UNKNOWN_VALUE] })).toEqual([2])
    expect(q.found({ web: ['Apache'], mysql: ['8.0.36'] })).toEqual([3])
    expect(q.found({ web: ['Apache'], mysql: ['5.7.44'] })).toEqual([])
    // A ticked value no site has (an old address) finds nothing, and breaks nothing.
    expect(q.found({ php: ['5.6.40'] })).toEqual([])
  })

  it('matches any or all of the ticked tags', async () => {
    const [a, b] = [makeTag(1, 'A'), makeTag(2, 'B')]
    const q = await withSites({
      [ACCOUNT_A]: { sites: [makeSite(1, { tags: [a] }), makeSite(2, { tags: [a, b] }), makeSite(3, { tags: [b] }), makeSite(4)], tags: [a, b] },
    })
    expect(q.found({ tags: [tagKey(1), tagKey(2)] })).toEqual([1, 2, 3])
    expect(q.found({ tags: [tagKey(1), tagKey(2)], tagMode: 'all' })).toEqual([2])
    // 'all' with a ticked tag no site carries finds nothing.
    expect(q.found({ tags: [tagKey(1), tagKey(99)], tagMode: 'all' })).toEqual([])
    // tagMode alone filters nothing.
    expect(q.found({ tagMode: 'all' })).toEqual([1, 2, 3, 4])
  })

  it('combines the search with the other filters', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites: all } })
    expect(q.found({ search: 'example', status: ['Ok'] })).toEqual([1, 2])
    expect(q.found({ search: 'example', status: ['Ok'], hasUpdates: true })).toEqual([1])
    expect(q.page({ filter: { search: 'example', status: ['Ok'] } })).toMatchObject({ scopeTotal: 3, total: 2 })
  })
})

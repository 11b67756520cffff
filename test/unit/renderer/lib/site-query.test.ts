import { describe, expect, it } from 'vitest'
import { EMPTY_FILTER, filterSites, isFiltering, sortSites, statusesOf } from '../../../../src/renderer/src/lib/site-query'
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

// The snapshot's search keys wait for their first use, and an empty filter costs nothing.
import { describe, expect, it } from 'vitest'
import { EMPTY_FILTER, LazySearchKeys, SiteSearch, buildSearchKeys } from '../../../../src/renderer/src/lib/site-query'
import { makeSite, makeTag } from '../support/fake-api'

const sites = [makeSite(1, { name: 'Shop', tags: [makeTag(7, 'VIP')] }), makeSite(2, { name: 'Blog' })]

describe('LazySearchKeys', () => {
  it('answers what buildSearchKeys builds, as a map does', () => {
    const lazy = new LazySearchKeys(sites)
    const built = buildSearchKeys(sites)
    expect(lazy.size).toBe(2)
    expect(lazy.get(1)).toBe(built.get(1))
    expect(lazy.has(2)).toBe(true)
    expect(lazy.has(3)).toBe(false)
    expect([...lazy]).toEqual([...built])
    expect(new Map(lazy)).toEqual(built)
    const seen: [number, string][] = []
    lazy.forEach((value, key, map) => {
      expect(map).toBe(lazy)
      seen.push([key, value])
    })
    expect(seen).toEqual([...built.entries()])
  })

  it('builds nothing until asked, then once', () => {
    let reads = 0
    const counted = sites.map((site) => new Proxy(site, { get: (target, key, receiver) => (key === 'name' && reads++, Reflect.get(target, key, receiver)) }))
    const lazy = new LazySearchKeys(counted)
    expect(reads).toBe(0)
    lazy.warm()
    expect(reads).toBe(2)
    lazy.get(1)
    lazy.warm()
    expect(reads).toBe(2)
  })
})

describe('SiteSearch without a filter', () => {
  it('answers the list itself and never asks for the keys', () => {
    const keys = new LazySearchKeys(sites)
    const asked = new Proxy(keys, { get: () => expect.unreachable('the keys were asked for') })
    expect(new SiteSearch().run(sites, asked, EMPTY_FILTER)).toBe(sites)
    expect(new SiteSearch().run(sites, keys, { ...EMPTY_FILTER, search: 'vip' })).toEqual([sites[0]])
  })
})

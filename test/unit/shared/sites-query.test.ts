// The one test of "is a filter menu's value set" that core (skipping the filters when none is)
// and the Sites view (saying the list is filtered) share.
import { describe, expect, it } from 'vitest'
import { EMPTY_FILTER, hasFacetFilter, type SiteFilter } from '../../../src/shared/sites-query'

describe('hasFacetFilter', () => {
  it('is false for the empty filter, and for the search and the Account filter alone', () => {
    expect(hasFacetFilter(EMPTY_FILTER)).toBe(false)
    const searchAndAccount: SiteFilter = { ...EMPTY_FILTER, search: 'shop', accounts: ['a'], tagMode: 'all', health: [] }
    expect(hasFacetFilter(searchAndAccount)).toBe(false)
  })

  it('is true for any one filter menu set', () => {
    const set: Array<Partial<SiteFilter>> = [
      { php: ['8.2'] },
      { mysql: [''] },
      { web: ['nginx'] },
      { status: ['Down'] },
      { tags: ['a:1'] },
      { hasUpdates: true },
      { neverChecked: true },
      { health: ['down'] },
    ]
    for (const change of set) expect(hasFacetFilter({ ...EMPTY_FILTER, ...change }), JSON.stringify(change)).toBe(true)
  })
})

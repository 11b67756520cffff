// The Health filter in the Sites view's address: `?health=down` (what the notifications link
// to) selects it, several causes round-trip, unknown ones are dropped, it counts as filtering,
// and a Health sort starts worst first.
import { describe, expect, it } from 'vitest'
import { applySortClick, fromQuery, hasFacetFilters, hasViewQuery, isFiltering, statesEqual, toQuery } from '../../../../src/renderer/src/lib/sites-view-state'
import { siteFilterOf } from '../../../../src/renderer/src/lib/sites-view-state'

describe('the Health filter in the address', () => {
  it('reads ?health=<cause> as that filter and writes it back', () => {
    expect(hasViewQuery({ health: 'down' })).toBe(true)
    const state = fromQuery({ health: 'down' })
    expect(state.filter.health).toEqual(['down'])
    expect(hasFacetFilters(state.filter)).toBe(true)
    expect(isFiltering(state)).toBe(true)
    expect(siteFilterOf(state).health).toEqual(['down'])
    expect(toQuery(state)).toEqual({ health: 'down' })
  })

  it('keeps several causes in order, drops unknown ones and repeats', () => {
    const state = fromQuery({ health: ['certificateExpiring', 'bogus', 'endOfLife', 'certificateExpiring'] })
    expect(state.filter.health).toEqual(['certificateExpiring', 'endOfLife'])
    expect(toQuery(state)).toEqual({ health: ['certificateExpiring', 'endOfLife'] })
    // Nothing known: no filter at all, the plain view.
    expect(fromQuery({ health: 'bogus' }).filter).not.toHaveProperty('health')
    expect(toQuery(fromQuery({ health: 'bogus' }))).toEqual({})
  })

  it('reads a group name of a notification as its causes', () => {
    expect(fromQuery({ health: 'certificate' }).filter.health).toEqual(['certificateInvalid', 'certificateExpiring'])
    expect(toQuery(fromQuery({ health: 'domain' }))).toEqual({ health: ['domainExpired', 'domainExpiring'] })
  })

  it('tells views apart by their Health filter', () => {
    expect(statesEqual(fromQuery({ health: 'down' }), fromQuery({ health: 'slow' }))).toBe(false)
    expect(statesEqual(fromQuery({ health: 'down' }), fromQuery({ health: 'down' }))).toBe(true)
    expect(statesEqual(fromQuery({}), fromQuery({ health: [] }))).toBe(true)
  })

  it('sorts by Health worst first on the first click', () => {
    expect(applySortClick([], 'health', false)).toEqual([{ key: 'health', direction: 'desc' }])
    expect(fromQuery({ sort: '-health' }).sort).toEqual([{ key: 'health', direction: 'desc' }])
  })
})

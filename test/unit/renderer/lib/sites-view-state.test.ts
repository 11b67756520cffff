import { describe, expect, it } from 'vitest'
import {
  DEFAULT_VIEW_STATE,
  applySortClick,
  fromQuery,
  hasViewQuery,
  parseSort,
  queryKey,
  statesEqual,
  toQuery,
  type SitesViewState,
} from '../../../../src/renderer/src/lib/sites-view-state'

const full: SitesViewState = {
  search: 'shop vip',
  filter: {
    php: ['8.2.18', ''],
    mysql: ['10.6.17-MariaDB'],
    web: ['Apache/2.4.58 (Debian)', 'nginx/1.24.0'],
    status: ['Down'],
    tagIds: [7, 9],
    tagMode: 'all',
    hasUpdates: true,
    neverChecked: true,
  },
  sort: [
    { key: 'php', direction: 'desc' },
    { key: 'name', direction: 'asc' },
  ],
  selected: [3, 17, 42],
}

describe('sites view state in the address', () => {
  it('writes nothing for the default view', () => {
    expect(toQuery(DEFAULT_VIEW_STATE)).toEqual({})
    expect(hasViewQuery({})).toBe(false)
    // Explicit: a saved view's link always says its sort.
    expect(toQuery(DEFAULT_VIEW_STATE, { explicit: true })).toEqual({ sort: 'name' })
  })

  it('round-trips every part of the state', () => {
    const query = toQuery(full)
    expect(query).toEqual({
      q: 'shop vip',
      php: ['8.2.18', ''],
      mysql: '10.6.17-MariaDB',
      web: ['Apache/2.4.58 (Debian)', 'nginx/1.24.0'],
      status: 'Down',
      tag: ['7', '9'],
      tags: 'all',
      updates: '1',
      unchecked: '1',
      sort: '-php,name',
      sel: '3.17.42',
    })
    expect(fromQuery(query)).toEqual(full)
    expect(statesEqual(fromQuery(query), full)).toBe(true)
    expect(toQuery(full, { withSelection: false }).sel).toBeUndefined()
  })

  it('still reads the Tags view\'s /sites?tag=<id> links', () => {
    const state = fromQuery({ tag: '7' })
    expect(state.filter.tagIds).toEqual([7])
    expect(statesEqual(state, { ...DEFAULT_VIEW_STATE, filter: { ...DEFAULT_VIEW_STATE.filter, tagIds: [7] } })).toBe(true)
    expect(hasViewQuery({ tag: '7' })).toBe(true)
    expect(hasViewQuery({ unrelated: 'x' })).toBe(false)
  })

  it('keeps the All accounts scope’s row and tag ids, which run to 16 digits', () => {
    // lib/account-rows.ts: an account's number (up to a million) times 2^32 plus the site's id.
    const rowId = 335_078 * 2 ** 32 + 1
    expect(String(rowId)).toHaveLength(16)
    const state = fromQuery({ sel: `${rowId}.5`, tag: String(rowId) })
    expect(state.filter.tagIds).toEqual([rowId])
    expect(fromQuery(toQuery(state)).filter.tagIds).toEqual([rowId])
    expect(toQuery(state).sel).toBe(`5.${rowId}`)
    // Past what a number holds exactly, an id would name another row: it is dropped.
    expect(fromQuery({ tag: '9999999999999999' }).filter.tagIds).toEqual([])
  })

  it('ignores garbage instead of failing', () => {
    const state = fromQuery({
      q: ['first', 'second'],
      tag: ['7', 'seven', '-1', '1e3', '7', null],
      sort: 'nonsense,-updates,-updates,name,php',
      sel: '3..x.17.-4.3',
      tags: 'every',
      updates: 'no',
      unchecked: null,
      status: ['', 'Ok', 'Ok'],
      extra: 'left alone',
    })
    expect(state.search).toBe('first')
    expect(state.filter.tagIds).toEqual([7])
    expect(state.filter.tagMode).toBe('any')
    // At most two sorts, each key once.
    expect(state.sort).toEqual([
      { key: 'updates', direction: 'desc' },
      { key: 'name', direction: 'asc' },
    ])
    expect(state.selected).toEqual([3, 17])
    expect(state.filter.hasUpdates).toBe(false)
    // `?unchecked` without a value is a flag that is on.
    expect(state.filter.neverChecked).toBe(true)
    expect(state.filter.status).toEqual(['Ok'])
    expect(fromQuery({ sort: '' }).sort).toEqual(DEFAULT_VIEW_STATE.sort)
    expect(parseSort('-__proto__,constructor')).toEqual([])
  })

  it('keeps a selection of every one of 500 sites from the address, far longer than a text value', () => {
    const ids = Array.from({ length: 500 }, (_, i) => 10_000 + i)
    expect(fromQuery({ sel: ids.join('.') }).selected).toEqual(ids)
  })

  it('reads a stored query of the wrong shape as the default view', () => {
    const stored = JSON.parse('{"q": 5, "php": [1, "8.2.18", {"x": 1}], "tag": {"a": 1}, "sort": ["-php"], "sel": 7, "updates": true}') as Record<string, string>
    const state = fromQuery(stored)
    expect(state.search).toBe('')
    expect(state.filter.php).toEqual(['8.2.18'])
    expect(state.filter.tagIds).toEqual([])
    expect(state.sort).toEqual([{ key: 'php', direction: 'desc' }])
    expect(state.selected).toEqual([])
    expect(state.filter.hasUpdates).toBe(false)
  })

  it('cuts absurdly long values', () => {
    const state = fromQuery({ q: 'x'.repeat(10_000), php: Array.from({ length: 5000 }, (_, i) => `8.${i}`) })
    expect(state.search).toHaveLength(500)
    expect(state.filter.php).toHaveLength(200)
  })

  it('gives one key per view, whatever the order of its query', () => {
    expect(queryKey({ tag: '7', sort: 'name' })).toBe(queryKey({ sort: 'name', tag: ['7'] }))
    expect(queryKey({ tag: '7' })).not.toBe(queryKey({ tag: '8' }))
  })

  it('compares states with or without the selection', () => {
    const other = { ...full, selected: [3] }
    expect(statesEqual(full, other)).toBe(false)
    expect(statesEqual(full, other, false)).toBe(true)
    expect(statesEqual(full, { ...full, filter: { ...full.filter, tagMode: 'any' } })).toBe(false)
  })
})

describe('applySortClick', () => {
  const byName = [{ key: 'name', direction: 'asc' }] as const

  it('makes a clicked column the only sort, in its natural direction, and flips it on a second click', () => {
    expect(applySortClick(byName, 'updates', false)).toEqual([{ key: 'updates', direction: 'desc' }])
    expect(applySortClick(byName, 'php', false)).toEqual([{ key: 'php', direction: 'asc' }])
    expect(applySortClick(byName, 'name', false)).toEqual([{ key: 'name', direction: 'desc' }])
    const two = applySortClick(byName, 'php', true)
    // The second sort clicked without Shift becomes the only one, not flipped: it was not first.
    expect(applySortClick(two, 'php', false)).toEqual([{ key: 'php', direction: 'asc' }])
  })

  it('with Shift adds or flips the second sort and keeps the first', () => {
    const two = applySortClick(byName, 'php', true)
    expect(two).toEqual([
      { key: 'name', direction: 'asc' },
      { key: 'php', direction: 'asc' },
    ])
    expect(applySortClick(two, 'php', true)[1]).toEqual({ key: 'php', direction: 'desc' })
    expect(applySortClick(two, 'updates', true)[1]).toEqual({ key: 'updates', direction: 'desc' })
    expect(applySortClick(two, 'name', true)).toEqual([
      { key: 'name', direction: 'desc' },
      { key: 'php', direction: 'asc' },
    ])
    expect(applySortClick([], 'web', true)).toEqual([
      { key: 'name', direction: 'asc' },
      { key: 'web', direction: 'asc' },
    ])
  })
})

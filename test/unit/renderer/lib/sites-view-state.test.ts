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

const A = 'acc-a'
const B = 'acc-b'

const full: SitesViewState = {
  search: 'shop vip',
  filter: {
    php: ['8.2.18', ''],
    mysql: ['10.6.17-MariaDB'],
    web: ['Apache/2.4.58 (Debian)', 'nginx/1.24.0'],
    status: ['Down'],
    tags: [`${A}:7`, `${B}:9`],
    tagMode: 'all',
    hasUpdates: true,
    neverChecked: true,
  },
  sort: [
    { key: 'php', direction: 'desc' },
    { key: 'name', direction: 'asc' },
  ],
  selection: { kind: 'keys', keys: [`${A}:3`, `${B}:17`, `${A}:42`] },
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
      tag: [`${A}:7`, `${B}:9`],
      tags: 'all',
      updates: '1',
      unchecked: '1',
      sort: '-php,name',
      sel: `${A}:3.${B}:17.${A}:42`,
    })
    expect(fromQuery(query)).toEqual(full)
    expect(statesEqual(fromQuery(query), full)).toBe(true)
    expect(toQuery(full, { withSelection: false }).sel).toBeUndefined()
  })

  it("reads an older address's bare tag and site ids as the scope's single account's", () => {
    const state = fromQuery({ tag: '7', sel: '3.17' }, [A])
    expect(state.filter.tags).toEqual([`${A}:7`])
    expect(state.selection).toEqual({ kind: 'keys', keys: [`${A}:3`, `${A}:17`] })
    expect(statesEqual(fromQuery({ tag: '7' }, [A]), { ...DEFAULT_VIEW_STATE, filter: { ...DEFAULT_VIEW_STATE.filter, tags: [`${A}:7`] } })).toBe(true)
    // Written back as keys: the same view in any scope from now on.
    expect(toQuery(state)).toMatchObject({ tag: `${A}:7`, sel: `${A}:3.${A}:17` })
    // In a scope of several accounts a bare id names no one tag or site: it is dropped.
    expect(fromQuery({ tag: '7', sel: '3' }, [A, B])).toMatchObject({ filter: { tags: [] }, selection: { kind: 'keys', keys: [] } })
    expect(fromQuery({ tag: '7' }).filter.tags).toEqual([])
    expect(hasViewQuery({ tag: '7' })).toBe(true)
    expect(hasViewQuery({ unrelated: 'x' })).toBe(false)
  })

  it('writes a select-all as sel=all, with the rows taken out of it since, and reads it back', () => {
    const every: SitesViewState = { ...DEFAULT_VIEW_STATE, selection: { kind: 'matching', except: [] } }
    expect(toQuery(every)).toEqual({ sel: 'all' })
    expect(fromQuery({ sel: 'all' }).selection).toEqual({ kind: 'matching', except: [] })
    const some: SitesViewState = { ...DEFAULT_VIEW_STATE, selection: { kind: 'matching', except: [`${A}:3`, `${B}:4`] } }
    expect(toQuery(some)).toEqual({ sel: 'all', unsel: `${A}:3.${B}:4` })
    expect(fromQuery(toQuery(some))).toEqual(some)
    expect(statesEqual(every, some)).toBe(false)
    expect(statesEqual(every, some, false)).toBe(true)
    // An unsel without sel=all says nothing.
    expect(fromQuery({ unsel: `${A}:3` }).selection).toEqual({ kind: 'keys', keys: [] })
    expect(hasViewQuery({ unsel: `${A}:3` })).toBe(true)
  })

  it('keeps ids up to 16 digits in keys, and drops what a number cannot hold exactly', () => {
    const big = 2 ** 52 + 1
    const state = fromQuery({ tag: `${A}:${big}`, sel: `${B}:${big}` })
    expect(state.filter.tags).toEqual([`${A}:${big}`])
    expect(fromQuery(toQuery(state))).toEqual(state)
    expect(fromQuery({ tag: `${A}:9999999999999999` }).filter.tags).toEqual([])
  })

  it('ignores garbage instead of failing', () => {
    const state = fromQuery({
      q: ['first', 'second'],
      tag: [`${A}:7`, 'seven', `${A}:-1`, `${A}:1e3`, `${A}:7`, `bad id!:3`, null],
      sort: 'nonsense,-updates,-updates,name,php',
      sel: `${A}:3..x.${A}:17.${A}:-4.${A}:3`,
      tags: 'every',
      updates: 'no',
      unchecked: null,
      status: ['', 'Ok', 'Ok'],
      extra: 'left alone',
    })
    expect(state.search).toBe('first')
    expect(state.filter.tags).toEqual([`${A}:7`])
    expect(state.filter.tagMode).toBe('any')
    // At most two sorts, each key once.
    expect(state.sort).toEqual([
      { key: 'updates', direction: 'desc' },
      { key: 'name', direction: 'asc' },
    ])
    expect(state.selection).toEqual({ kind: 'keys', keys: [`${A}:3`, `${A}:17`] })
    expect(state.filter.hasUpdates).toBe(false)
    // `?unchecked` without a value is a flag that is on.
    expect(state.filter.neverChecked).toBe(true)
    expect(state.filter.status).toEqual(['Ok'])
    expect(fromQuery({ sort: '' }).sort).toEqual(DEFAULT_VIEW_STATE.sort)
    expect(parseSort('-__proto__,constructor')).toEqual([])
  })

  it('keeps a selection of every one of 500 sites from the address, far longer than a text value', () => {
    const keys = Array.from({ length: 500 }, (_, i) => `${A}:${10_000 + i}`)
    expect(fromQuery({ sel: keys.join('.') }).selection).toEqual({ kind: 'keys', keys })
  })

  it('reads a stored query of the wrong shape as the default view', () => {
    const stored = JSON.parse('{"q": 5, "php": [1, "8.2.18", {"x": 1}], "tag": {"a": 1}, "sort": ["-php"], "sel": 7, "updates": true}') as Record<string, string>
    const state = fromQuery(stored)
    expect(state.search).toBe('')
    expect(state.filter.php).toEqual(['8.2.18'])
    expect(state.filter.tags).toEqual([])
    expect(state.sort).toEqual([{ key: 'php', direction: 'desc' }])
    expect(state.selection).toEqual({ kind: 'keys', keys: [] })
    expect(state.filter.hasUpdates).toBe(false)
  })

  it('cuts absurdly long values', () => {
    const state = fromQuery({ q: 'x'.repeat(10_000), php: Array.from({ length: 5000 }, (_, i) => `8.${i}`) })
    expect(state.search).toHaveLength(500)
    expect(state.filter.php).toHaveLength(200)
  })

  it('gives one key per view, whatever the order of its query', () => {
    expect(queryKey({ tag: `${A}:7`, sort: 'name' })).toBe(queryKey({ sort: 'name', tag: [`${A}:7`] }))
    expect(queryKey({ tag: `${A}:7` })).not.toBe(queryKey({ tag: `${A}:8` }))
    // A saved view of before keys is the same view as its keyed form in its account.
    expect(queryKey({ tag: '7' }, [A])).toBe(queryKey({ tag: `${A}:7` }))
  })

  it('compares states with or without the selection', () => {
    const other: SitesViewState = { ...full, selection: { kind: 'keys', keys: [`${A}:3`] } }
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

// The table's selection kinds: rows named by key, or every matching row but some (Ctrl/Cmd+A),
// changed by a click, a Shift+click range and the header box without touching what was given.
import { describe, expect, it } from 'vitest'
import { headerState, selectEvery, setKeys, toggleKey, withoutKeys } from '../../../../src/renderer/src/lib/row-selection'
import type { SiteSelection } from '../../../../src/shared/sites-query'

const keys = (...list: string[]): SiteSelection => ({ kind: 'keys', keys: list })
const matching = (...except: string[]): SiteSelection => ({ kind: 'matching', except })

describe('row selection', () => {
  it('toggles one row by key without touching the selection it was given', () => {
    const before = keys('a:10')
    expect(toggleKey(before, 'b:10')).toEqual(keys('a:10', 'b:10'))
    expect(toggleKey(before, 'a:10')).toEqual(keys())
    expect(before).toEqual(keys('a:10'))
  })

  it('in a select-all, a click takes a row out of it and a second click puts it back', () => {
    const out = toggleKey(selectEvery(), 'a:3')
    expect(out).toEqual(matching('a:3'))
    expect(toggleKey(out, 'a:3')).toEqual(matching())
  })

  it('sets a range to the clicked row’s new state, added to or taken from what was there', () => {
    expect(setKeys(keys('a:1', 'a:9'), ['a:2', 'a:3', 'a:9'], true)).toEqual(keys('a:1', 'a:2', 'a:3', 'a:9'))
    expect(setKeys(keys('a:1', 'a:2', 'a:3'), ['a:2', 'a:3'], false)).toEqual(keys('a:1'))
    // In a select-all a range taken out becomes exceptions, and put back leaves them.
    expect(setKeys(matching('a:7'), ['a:2', 'a:3'], false)).toEqual(matching('a:7', 'a:2', 'a:3'))
    expect(setKeys(matching('a:2', 'a:7'), ['a:2', 'a:3'], true)).toEqual(matching('a:7'))
  })

  it('drops gone rows from a named selection; a select-all has nothing to drop', () => {
    const before = keys('a:1', 'b:1')
    expect(withoutKeys(before, ['b:1'])).toEqual(keys('a:1'))
    expect(withoutKeys(before, ['c:1'])).toBe(before)
    expect(withoutKeys(matching(), ['a:1'])).toEqual(matching())
  })

  it('shows the header box as none, some or all of the rows the view matches', () => {
    expect(headerState(keys(), 10)).toBe('none')
    expect(headerState(keys('a:1'), 10)).toBe('some')
    // Compared with the view's keys when they are known: rows the search hides do not count.
    expect(headerState(keys('a:1', 'a:2'), 2, ['a:1', 'a:2'])).toBe('all')
    expect(headerState(keys('a:1', 'a:9'), 2, ['a:1', 'a:2'])).toBe('some')
    expect(headerState(keys('a:8', 'a:9'), 2, ['a:1', 'a:2'])).toBe('none')
    expect(headerState(keys('a:1', 'a:2'), 2)).toBe('some')
    expect(headerState(matching(), 10)).toBe('all')
    expect(headerState(matching('a:1'), 10)).toBe('some')
    expect(headerState(matching(), 0)).toBe('none')
  })
})

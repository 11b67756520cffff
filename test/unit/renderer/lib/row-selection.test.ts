import { describe, expect, it } from 'vitest'
import { clearSelection, headerState, selectAll, toggleAll, toggleOne, toggleRange } from '../../../../src/renderer/src/lib/row-selection'

const ROWS = [10, 20, 30, 40, 50, 60]
const set = (...ids: number[]) => new Set(ids)

describe('row selection', () => {
  it('toggles one row without touching the set it was given', () => {
    const before = set(10)
    expect([...toggleOne(before, 20)]).toEqual([10, 20])
    expect([...toggleOne(before, 10)]).toEqual([])
    expect([...before]).toEqual([10])
  })

  it('selects the range from the anchor to the clicked row, in the order shown, either way', () => {
    expect([...toggleRange(set(20), ROWS, 20, 50)].sort()).toEqual([20, 30, 40, 50])
    expect([...toggleRange(set(50), ROWS, 50, 20)].sort()).toEqual([20, 30, 40, 50])
    // Added to what was selected before, elsewhere.
    expect([...toggleRange(set(60, 20), ROWS, 20, 40)].sort()).toEqual([20, 30, 40, 60])
  })

  it('clears the range when the clicked row was selected', () => {
    expect([...toggleRange(set(10, 20, 30, 40, 60), ROWS, 10, 30)].sort()).toEqual([40, 60])
  })

  it('is a plain toggle without an anchor, or when the anchor is no longer shown', () => {
    expect([...toggleRange(set(), ROWS, null, 30)]).toEqual([30])
    expect([...toggleRange(set(99), ROWS, 99, 30)].sort()).toEqual([30, 99])
  })

  it('selects every row shown, and clears', () => {
    expect([...selectAll(ROWS)]).toEqual(ROWS)
    expect(clearSelection().size).toBe(0)
  })

  it('tells the header box none, some or all of the rows shown', () => {
    expect(headerState(set(), ROWS)).toBe('none')
    expect(headerState(set(99), ROWS)).toBe('none')
    expect(headerState(set(10, 99), ROWS)).toBe('some')
    expect(headerState(set(...ROWS), ROWS)).toBe('all')
    expect(headerState(set(10), [])).toBe('none')
  })

  it('header box: selects the rows shown when not all are, else clears them and keeps the rest', () => {
    expect([...toggleAll(set(10, 99), ROWS)].sort((a, b) => a - b)).toEqual([...ROWS, 99])
    expect([...toggleAll(set(...ROWS, 99), ROWS)]).toEqual([99])
  })
})

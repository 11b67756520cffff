// The sites table's window of rendered rows: arithmetic on the scroll position, rows of one height.
import { describe, expect, it } from 'vitest'
import { ROWS_BEFORE_LAYOUT, rowWindow, scrollTopShowing } from '../../../../../../src/renderer/src/components/sites/table/row-window'

describe('rowWindow', () => {
  it('renders the rows in view and the overscan on either side, spacers for the rest', () => {
    // 36 px rows, a 360 px view scrolled to row 100: rows 100-109 in view, 4 more each side.
    expect(rowWindow(3600, 360, 36, 10_000, 4)).toEqual({ first: 96, end: 114, top: 96 * 36, bottom: (10_000 - 114) * 36 })
  })

  it('starts at the first row and ends at the last', () => {
    expect(rowWindow(0, 360, 36, 10_000, 4)).toMatchObject({ first: 0, end: 14, top: 0 })
    expect(rowWindow(36 * 9_990, 360, 36, 10_000, 4)).toMatchObject({ end: 10_000, bottom: 0 })
  })

  it('takes the window from where the browser will clamp the scroll position when the rows become fewer', () => {
    // Scrolled far down, then a search leaves 100 rows: the last screenful shows, not nothing.
    const range = rowWindow(36 * 5_000, 360, 36, 100, 4)
    expect(range.end).toBe(100)
    expect(range.first).toBe(100 - 10 - 4)
  })

  it('renders a fixed number of rows while the view has no height yet', () => {
    expect(rowWindow(0, 0, 36, 10_000, 4)).toEqual({ first: 0, end: ROWS_BEFORE_LAYOUT, top: 0, bottom: (10_000 - ROWS_BEFORE_LAYOUT) * 36 })
    expect(rowWindow(0, 0, 36, 5, 4)).toMatchObject({ first: 0, end: 5 })
  })
})

describe('scrollTopShowing', () => {
  it('scrolls as little as shows the whole row below the sticky header', () => {
    // A 360 px view under a 34 px header shows 326 px of rows.
    expect(scrollTopShowing(10, 0, 360, 36, 34)).toBe(11 * 36 - 326)
    expect(scrollTopShowing(2, 720, 360, 36, 34)).toBe(72)
    expect(scrollTopShowing(5, 100, 360, 36, 34)).toBe(100)
  })
})

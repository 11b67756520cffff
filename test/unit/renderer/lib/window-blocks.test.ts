// The Sites window's block arithmetic: which blocks the screen needs, which hold a row on
// screen, which go when too many are kept, and when two queries or widest answers are the same.
import { describe, expect, it } from 'vitest'
import { EMPTY_FILTER } from '../../../../src/shared/sites-query'
import {
  BLOCK_ROWS,
  MAX_BLOCKS,
  NEAR_EDGE_ROWS,
  blocksAround,
  blocksOnScreen,
  blocksToEvict,
  sameQuery,
  widestIdOf,
  type WindowQuery,
} from '../../../../src/renderer/src/lib/window-blocks'

const query = (overrides: Partial<WindowQuery> = {}): WindowQuery => ({
  scope: ['a'],
  filter: EMPTY_FILTER,
  sort: [{ key: 'name', direction: 'asc' }],
  ...overrides,
})

describe('blocksAround', () => {
  it('asks the block beyond an edge only once the screen is within NEAR_EDGE_ROWS of it', () => {
    const end = BLOCK_ROWS - NEAR_EDGE_ROWS
    expect(blocksAround(0, end, 5_000)).toEqual([0])
    expect(blocksAround(1, end + 1, 5_000)).toEqual([0, 1])
    expect(blocksAround(BLOCK_ROWS + NEAR_EDGE_ROWS - 1, BLOCK_ROWS + NEAR_EDGE_ROWS + 10, 5_000)).toEqual([0, 1])
    expect(blocksAround(BLOCK_ROWS + NEAR_EDGE_ROWS, BLOCK_ROWS + NEAR_EDGE_ROWS + 10, 5_000)).toEqual([1])
  })

  it('never names a block past the total, and without a total trusts the screen', () => {
    // A block and a half of rows, the screen past them: the half block is the last named.
    expect(blocksAround(0, 5 * BLOCK_ROWS, BLOCK_ROWS + BLOCK_ROWS / 2)).toEqual([0, 1])
    expect(blocksAround(0, 2 * BLOCK_ROWS + BLOCK_ROWS / 2, null)).toEqual([0, 1, 2])
  })
})

describe('blocksOnScreen', () => {
  it('names each block holding a row in [first, end)', () => {
    expect(blocksOnScreen({ first: 0, end: BLOCK_ROWS / 2 })).toEqual([0])
    expect(blocksOnScreen({ first: BLOCK_ROWS - 10, end: BLOCK_ROWS + 10 })).toEqual([0, 1])
    expect(blocksOnScreen({ first: BLOCK_ROWS, end: 2 * BLOCK_ROWS })).toEqual([1])
  })
})

describe('blocksToEvict', () => {
  it('keeps up to MAX_BLOCKS and lets go of the farthest from the screen first', () => {
    const kept = Array.from({ length: MAX_BLOCKS }, (_, i) => i)
    expect(blocksToEvict(kept, { first: 0, end: 40 })).toEqual([])
    const more = Array.from({ length: MAX_BLOCKS + 2 }, (_, i) => i)
    expect(blocksToEvict(more, { first: 0, end: 40 }).sort((a, b) => a - b)).toEqual([MAX_BLOCKS, MAX_BLOCKS + 1])
    expect(blocksToEvict(more, { first: (MAX_BLOCKS + 1) * BLOCK_ROWS, end: (MAX_BLOCKS + 1) * BLOCK_ROWS + 40 }).sort((a, b) => a - b)).toEqual([0, 1])
  })
})

describe('queries', () => {
  it('are the same only when every part is', () => {
    expect(sameQuery(null, query())).toBe(false)
    expect(sameQuery(query(), query())).toBe(true)
    expect(sameQuery(query(), query({ filter: { ...EMPTY_FILTER, search: 'x' } }))).toBe(false)
  })

  it('share widest cells by scope and columns alone, whatever the search', () => {
    expect(widestIdOf(query({ columns: ['name'] }))).toBe(widestIdOf(query({ columns: ['name'], filter: { ...EMPTY_FILTER, search: 'x' } })))
    expect(widestIdOf(query({ columns: ['name'] }))).not.toBe(widestIdOf(query({ columns: ['name', 'url'] })))
    expect(widestIdOf(query())).not.toBe(widestIdOf(query({ scope: ['a', 'b'] })))
  })
})

// The arithmetic of the Sites window's blocks (stores/site-window.ts): which blocks of
// BLOCK_ROWS rows the screen needs, which hold a row on screen, and which go when more than
// MAX_BLOCKS are kept. Pure, so the store keeps only the requests and their answers.
import type { SiteFilter, SiteSort } from '../../../shared/sites-query'
import type { TableFieldKey } from '../../../shared/site-fields'

/**
 * Rows per block: a screenful or two, one request. Each keystroke and each open asks one block
 * (its first), so its size is what a keystroke weighs: 100 rows of the default columns were
 * about 73 KB of JSON to encode in core, carry and parse in the page, where a screen shows 15 to 40.
 */
export const BLOCK_ROWS = 60
/**
 * Blocks kept: the visible ones and neighbours on each side, 600 rows in all (as when blocks were
 * 100 rows), so scrolling back over a list of a few hundred finds its rows still held.
 */
export const MAX_BLOCKS = 10

/**
 * How near a block's edge the screen must come before the block beyond it is asked for. Not
 * always one more on either side: at the top of a list (an open, every keystroke in the search)
 * the screen's one block is all that goes over the bridge.
 */
export const NEAR_EDGE_ROWS = 20

export interface WindowQuery {
  scope: readonly string[]
  filter: SiteFilter
  sort: readonly SiteSort[]
  /** The table's shown columns: rows carry only their fields. Absent: whole sites. */
  columns?: readonly TableFieldKey[]
}

/** The rows the table shows, [first, end). */
export interface VisibleRows {
  first: number
  end: number
}

/** The scope and columns a widest answer belongs to. */
export const widestIdOf = (q: WindowQuery): string => `${q.scope.join('\n')}|${q.columns?.join(',') ?? ''}`

export function sameQuery(a: WindowQuery | null, b: WindowQuery): boolean {
  return a !== null && JSON.stringify(a) === JSON.stringify(b)
}

/** The blocks holding rows [first, end), and the one beyond an edge the screen is near. */
export function blocksAround(first: number, end: number, total: number | null): number[] {
  const last = total === null ? Math.max(first, end - 1) : Math.min(Math.max(first, end - 1), Math.max(0, total - 1))
  const before = first % BLOCK_ROWS < NEAR_EDGE_ROWS ? 1 : 0
  const after = last % BLOCK_ROWS >= BLOCK_ROWS - NEAR_EDGE_ROWS ? 1 : 0
  const from = Math.max(0, Math.floor(first / BLOCK_ROWS) - before)
  let to = Math.floor(last / BLOCK_ROWS) + after
  if (total !== null) to = Math.min(to, Math.max(0, Math.ceil(total / BLOCK_ROWS) - 1))
  const out: number[] = []
  for (let block = from; block <= to; block++) out.push(block)
  return out
}

/** The blocks holding a row on screen. */
export function blocksOnScreen(visible: VisibleRows): number[] {
  const out: number[] = []
  for (let block = Math.floor(visible.first / BLOCK_ROWS); block <= Math.floor((visible.end - 1) / BLOCK_ROWS); block++) out.push(block)
  return out
}

/** The kept blocks to let go so at most MAX_BLOCKS remain: the farthest from the screen's middle. */
export function blocksToEvict(kept: Iterable<number>, visible: VisibleRows): number[] {
  const blocks = [...kept]
  if (blocks.length <= MAX_BLOCKS) return []
  const centre = (visible.first + visible.end) / 2 / BLOCK_ROWS
  const far = blocks.sort((a, b) => Math.abs(b + 0.5 - centre) - Math.abs(a + 0.5 - centre))
  return far.slice(0, blocks.length - MAX_BLOCKS)
}

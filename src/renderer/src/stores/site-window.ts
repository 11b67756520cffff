// The Sites table's window onto core's list (DESIGN.md, "How data flows"): the renderer never
// holds the scope's sites. It holds the query the table shows (scope, filter, sort), the totals
// core answered, the facet counts while a filter menu wants them, and the rows of a few blocks
// of BLOCK_ROWS around what is on screen. Everything else is asked of core (`sites:query`).
//
// - A new query of the same scope keeps the old rows on screen until its first answer, so a
//   keystroke in the search does not flash an empty table; another scope's rows are never
//   shown for this one (they go at once). Every answer of an older query is dropped.
// - Each block remembers the last request made for it; an earlier answer arriving late is
//   dropped, and so are totals older than the newest taken.
// - `workspace:changed` (or `health:changed`) for an account of the scope asks again for what
//   is on screen (its blocks, the facets when wanted, the totals with them), never the whole
//   list; a burst of changes costs one round. The other kept blocks stay shown but stale, each
//   asked again once it is on screen: a sync that changes ten sites costs one block, not six.
//   Asking again for a block it holds, the window names its rows' digest, and core sends no rows
//   when they are the same (a change off the screen costs the totals alone).
// - The screen's blocks are asked for, and the next (or previous) one once the screen comes
//   near its edge (NEAR_EDGE_ROWS), so a keystroke or an open costs one block.
// - At most MAX_BLOCKS blocks are kept: the farthest from the screen go first.
// - The query names the table's shown columns, so each row carries only what they show
//   (TableRow); the first request of a scope or a set of columns, and of each round after a
//   change, also asks for the columns' widest cells over the scope (`widest`), which the table
//   measures for its widths instead of measuring the rows it is sent.
//
// The blocks' arithmetic is lib/window-blocks.ts, the rows kept as the same objects
// lib/row-memo.ts, and the reads beyond the kept blocks lib/window-rows.ts: this store is the
// glue between them, core and the table.
import { defineStore } from 'pinia'
import { computed, onScopeDispose, shallowRef } from 'vue'
import type { AppError, Result } from '../../../shared'
import type { SiteFacets, SiteSelection, SitesPage, SitesQuery, TableRow, WidestCells } from '../../../shared/sites-query'
import type { RowKey } from '../../../shared/scope'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { RowMemo } from '../lib/row-memo'
import {
  BLOCK_ROWS,
  MAX_BLOCKS,
  blocksAround,
  blocksOnScreen,
  blocksToEvict,
  sameQuery,
  widestIdOf,
  type VisibleRows,
  type WindowQuery,
} from '../lib/window-blocks'
import { readRange, readSelection } from '../lib/window-rows'

// Re-exported: the store's callers and tests name them from here, as before the arithmetic moved.
export { BLOCK_ROWS, MAX_BLOCKS, NEAR_EDGE_ROWS, blocksAround, type WindowQuery } from '../lib/window-blocks'

/** Rows remembered by key for the rows handed over as the same objects (the kept blocks' and a keystroke's worth more). */
const ROWS_REMEMBERED = MAX_BLOCKS * BLOCK_ROWS * 2

export const useSiteWindowStore = defineStore('siteWindow', () => {
  const api = useApi()

  const query = shallowRef<WindowQuery | null>(null)
  /** Rows matching the query; null until the query's first answer. */
  const total = shallowRef<number | null>(null)
  /** Rows of the scope whatever the filter; null until answered. */
  const scopeTotal = shallowRef<number | null>(null)
  const revision = shallowRef<string | null>(null)
  /** The facet counts of the query, while a filter menu wants them. */
  const facets = shallowRef<SiteFacets | null>(null)
  /** Kept blocks by number; each a block's rows as core answered them. */
  const blocks = shallowRef<ReadonlyMap<number, readonly TableRow[]>>(new Map())
  /** Each shown column's widest cells over the scope (for the column widths); null until answered. */
  const widest = shallowRef<WidestCells | null>(null)
  const error = shallowRef<AppError | null>(null)
  /** The query shown has had an answer (total and rows belong to it). */
  const answered = computed(() => total.value !== null && !staleRows.value)
  // True from a new query until its first answer: the rows shown are the previous query's.
  const staleRows = shallowRef(false)

  // Bumped by each new query: any answer of an earlier one is dropped.
  let generation = 0
  // Every request's number; a block (and the totals) take only their newest.
  let sequence = 0
  const latestFor = new Map<number, number>()
  // Kept blocks from before a change of the store: shown, and asked again once on screen.
  const stale = new Set<number>()
  // Each kept block's digest as core answered it: asked again, core sends no rows when they are the same.
  const digests = new Map<number, string>()
  let totalsSequence = 0
  let facetsTaken = 0
  // The request carrying the facets asked for, 0 when none is under way.
  let facetsPending = 0
  // A row answered again the same is handed over as the same object: the table keeps what it derived.
  const known = new RowMemo<TableRow>(ROWS_REMEMBERED)
  // Until the table says what it shows: a first screen's worth (the table draws about a window's height before layout).
  let visible: VisibleRows = { first: 0, end: 40 }
  let facetWants = 0
  // The scope and columns of the widest cells held or asked for, and whether the next request asks them again.
  let widestId = ''
  let widestWanted = false

  /** Asks core for rows of the query, always naming the shown columns. */
  function ask(offset: number, limit: number, withFacets: boolean, extra: Partial<SitesQuery> = {}): Promise<Result<SitesPage>> {
    const q = query.value!
    const columns = q.columns ? { columns: [...q.columns] } : {}
    return call(() =>
      api.sitesQuery({ scope: [...q.scope], filter: q.filter, sort: [...q.sort], offset, limit, ...columns, ...(withFacets ? { facets: true } : {}), ...extra }),
    )
  }

  /** Whether this request asks for the widest cells: the first one after a new scope, columns or change. */
  function takeWidestTurn(): boolean {
    if (!widestWanted || !query.value?.columns) return false
    widestWanted = false
    return true
  }

  function takeTotals(page: SitesPage, seq: number): void {
    if (seq < totalsSequence) return
    totalsSequence = seq
    total.value = page.total
    scopeTotal.value = page.scopeTotal
    revision.value = page.revision
    error.value = null
  }

  /**
   * Asks for one block (and the facets with it when wanted); an answer that is no longer wanted
   * is dropped. `again`: the block is kept, so core is told the digest of its rows and sends
   * none when they are the same.
   */
  async function fetchBlock(block: number, withFacets = false, again = false): Promise<void> {
    if (!query.value) return
    const mine = generation
    const seq = ++sequence
    latestFor.set(block, seq)
    if (withFacets) facetsPending = seq
    const held = again && blocks.value.has(block) ? digests.get(block) : undefined
    const withWidest = takeWidestTurn()
    const askedWidest = widestId
    const result = await ask(block * BLOCK_ROWS, BLOCK_ROWS, withFacets, {
      ...(held === undefined ? {} : { unlessDigest: held }),
      ...(withWidest ? { widest: true } : {}),
    })
    // The widest cells are the scope's, whatever the search: a keystroke since does not make them old.
    if (withWidest && askedWidest === widestId) {
      if (result.ok && result.value.widest) widest.value = result.value.widest
      else widestWanted = true
    }
    if (mine !== generation) return
    if (withFacets && facetsPending === seq) facetsPending = 0
    if (!result.ok) {
      if (latestFor.get(block) === seq) latestFor.delete(block)
      if (seq >= totalsSequence) error.value = result.error
      return
    }
    const page = result.value
    if (latestFor.get(block) === seq) stale.delete(block)
    if (staleRows.value) {
      // The new query's first answer: the previous query's rows go now, not before.
      staleRows.value = false
      blocks.value = new Map()
      facets.value = null
    }
    takeTotals(page, seq)
    if (withFacets && page.facets && seq >= facetsTaken) {
      facetsTaken = seq
      facets.value = page.facets
    }
    if (latestFor.get(block) !== seq) return
    if (page.unchanged) {
      // The rows held are still the block's; gone meanwhile (evicted), it is asked for whole.
      if (!blocks.value.has(block)) {
        latestFor.delete(block)
        fill()
      }
      return
    }
    if (page.digest === undefined) digests.delete(block)
    else digests.set(block, page.digest)
    const next = new Map(blocks.value)
    next.set(block, known.same(page.rows))
    // Fewer rows than before: blocks past the end have nothing to show.
    for (const kept of next.keys()) if (kept * BLOCK_ROWS >= page.total && kept !== 0) next.delete(kept)
    blocks.value = evict(next)
  }

  /** Keeps the blocks nearest the screen, at most MAX_BLOCKS. */
  function evict(map: Map<number, readonly TableRow[]>): Map<number, readonly TableRow[]> {
    for (const block of blocksToEvict(map.keys(), visible)) {
      map.delete(block)
      latestFor.delete(block)
      stale.delete(block)
      digests.delete(block)
    }
    return map
  }

  function wanted(): number[] {
    return blocksAround(visible.first, visible.end, staleRows.value ? null : total.value)
  }

  /** Asks for the blocks around the screen that are neither kept nor asked for. */
  function fill(): void {
    if (!query.value) return
    let facetsAsked = !(facetWants > 0 && facets.value === null && facetsPending === 0)
    const screen = new Set(blocksOnScreen(visible))
    for (const block of wanted()) {
      if (stale.has(block) && screen.has(block)) {
        // Asked once: its older rows stay shown until the answer replaces them.
        stale.delete(block)
      } else {
        if (blocks.value.has(block) && !staleRows.value) continue
        if (latestFor.has(block)) continue
      }
      void fetchBlock(block, !facetsAsked, true)
      facetsAsked = true
    }
    if (!facetsAsked) void fetchBlock(wanted()[0] ?? 0, true)
  }

  /** The table shows rows [first, end): keep those and their neighbours, ask for what is missing. */
  function show(first: number, end: number): void {
    visible = { first: Math.max(0, first), end: Math.max(first + 1, end) }
    fill()
  }

  /** The query the table shows; the same query again asks nothing. */
  function setQuery(next: WindowQuery): void {
    if (sameQuery(query.value, next)) return
    const sameScope = query.value !== null && query.value.scope.join('\n') === next.scope.join('\n')
    query.value = next
    if (widestIdOf(next) !== widestId) {
      // Another scope or other columns: the widths of the old ones say nothing of these.
      widestId = widestIdOf(next)
      widestWanted = true
      if (!sameScope) widest.value = null
    }
    generation++
    latestFor.clear()
    stale.clear()
    digests.clear()
    if (!sameScope) {
      known.clear()
      blocks.value = new Map()
      total.value = null
      scopeTotal.value = null
      revision.value = null
    }
    staleRows.value = blocks.value.size > 0 || total.value !== null
    // The counts of the previous query mislead: a menu open now waits for the new ones.
    facets.value = null
    facetsPending = 0
    facetsTaken = 0
    totalsSequence = 0
    error.value = null
    fill()
  }

  /**
   * Asks again for what is on screen (or the first block), the facets when wanted; the other
   * kept blocks go stale, asked again when they come on screen.
   */
  function refresh(): void {
    if (!query.value) return
    // A change may have made a cell wider (or the widest narrower).
    widestWanted = true
    const kept = staleRows.value ? [] : [...blocks.value.keys()]
    const screen = blocksOnScreen(visible).filter((block) => kept.includes(block))
    for (const block of kept) if (!screen.includes(block)) stale.add(block)
    const list = screen.length > 0 ? screen : [wanted()[0] ?? 0]
    list.forEach((block, i) => void fetchBlock(block, i === 0 && facetWants > 0, true))
  }

  let refreshQueued = false
  function refreshSoon(): void {
    if (refreshQueued) return
    refreshQueued = true
    queueMicrotask(() => {
      refreshQueued = false
      refresh()
    })
  }

  /** A filter menu opened (true) or closed (false): facets are counted only while one is open. */
  function wantFacets(open: boolean): void {
    facetWants = Math.max(0, facetWants + (open ? 1 : -1))
    // Counts shown earlier stay until the fresh ones come (the store may have changed since).
    if (open && query.value && facetsPending === 0) void fetchBlock(wanted()[0] ?? 0, true)
  }

  /** The view is leaving: no menu of it wants counts any more (one left open goes with it). */
  function releaseFacets(): void {
    facetWants = 0
  }

  /** A filter menu is about to open (pointer over it, focus on it): ask for the counts now, once per query. */
  function warmFacets(): void {
    if (query.value && facets.value === null && facetsPending === 0) void fetchBlock(wanted()[0] ?? 0, true)
  }

  /** The row at an index of the query's rows, if its block is kept. */
  function rowAt(index: number): TableRow | undefined {
    return blocks.value.get(Math.floor(index / BLOCK_ROWS))?.[index % BLOCK_ROWS]
  }

  /** The rows of the query in [from, to), from the kept blocks or core (null: the query changed meanwhile). */
  async function rowsBetween(from: number, to: number): Promise<TableRow[] | null> {
    if (!query.value) return []
    const mine = generation
    return readRange(from, to, rowAt, (offset, limit) => ask(offset, limit, false), () => mine === generation)
  }

  /** The keys of rows [from, to) of the query (a Shift-click range over rows not fetched). */
  async function keysBetween(from: number, to: number): Promise<RowKey[] | null> {
    const rows = await rowsBetween(from, to)
    return rows ? rows.map((r) => r.key) : null
  }

  /**
   * The rows a selection names, in the query's order (a selection of keys whatever the search,
   * or every matching row but the exceptions), each with what a row's actions read.
   */
  async function rowsOf(selection: SiteSelection): Promise<Result<TableRow[]>> {
    const q = query.value
    if (!q) return { ok: true, value: [] }
    return readSelection(q, selection, (asked) => call(() => api.sitesQuery(asked)))
  }

  /** Which of these keys still name a site of the scope (a selection kept across changes), or null when core could not say. */
  async function existingKeys(keys: readonly RowKey[]): Promise<Set<RowKey> | null> {
    const result = await rowsOf({ kind: 'keys', keys })
    return result.ok ? new Set(result.value.map((row) => row.key)) : null
  }

  /** How many rows a selection holds, as far as the window knows (a matching one: the total but its exceptions). */
  function countOf(selection: SiteSelection): number {
    if (selection.kind === 'keys') return selection.keys.length
    return Math.max(0, (total.value ?? 0) - selection.except.length)
  }

  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (!query.value?.scope.includes(change.accountId)) return
      // Only events changed: the table shows none of them.
      if (change.sites || change.tags) refreshSoon()
    }),
  )
  // A cycle of health checks changed findings (the Health column, filter and sort): the same round.
  onScopeDispose(
    api.on('health:changed', ({ accountIds }) => {
      if (accountIds.some((accountId) => query.value?.scope.includes(accountId))) refreshSoon()
    }),
  )

  return {
    query,
    total,
    scopeTotal,
    revision,
    facets,
    blocks,
    widest,
    error,
    staleRows,
    answered,
    setQuery,
    show,
    refresh,
    wantFacets,
    warmFacets,
    releaseFacets,
    rowAt,
    rowsBetween,
    keysBetween,
    rowsOf,
    existingKeys,
    countOf,
  }
})

// The table's selection as plain data: which site ids are selected, changed the way a person
// expects from a file manager (click a box toggles one row, Shift+click selects every row from
// the last one clicked, Ctrl/Cmd+A selects everything shown, Escape clears). Pure functions
// over ids and the rows' order, so the rules are tested without a table; every change returns
// a new set (the old one is never touched, so the view can compare them).

/** Adds or removes one id. */
export function toggleOne(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

/**
 * Shift+click: every row between the anchor (the last row clicked) and this one, in the
 * order shown, takes the clicked row's new state (selected when it was not, cleared when it
 * was), added to or taken from what was selected before. Without an anchor still on screen
 * (it was filtered out, or nothing was clicked yet) it is a plain toggle.
 */
export function toggleRange(
  selected: ReadonlySet<number>,
  orderedIds: readonly number[],
  anchorId: number | null,
  id: number,
): Set<number> {
  const to = orderedIds.indexOf(id)
  const from = anchorId === null ? -1 : orderedIds.indexOf(anchorId)
  if (to < 0 || from < 0) return toggleOne(selected, id)
  const select = !selected.has(id)
  const next = new Set(selected)
  const [start, end] = from <= to ? [from, to] : [to, from]
  for (let i = start; i <= end; i++) {
    const rowId = orderedIds[i]!
    if (select) next.add(rowId)
    else next.delete(rowId)
  }
  return next
}

/** Every row shown (the ones the search and filters match). */
export function selectAll(orderedIds: readonly number[]): Set<number> {
  return new Set(orderedIds)
}

export function clearSelection(): Set<number> {
  return new Set()
}

export type HeaderCheckState = 'none' | 'some' | 'all'

/** The header box: none, some (mixed) or all of the rows shown are selected. */
export function headerState(selected: ReadonlySet<number>, orderedIds: readonly number[]): HeaderCheckState {
  if (orderedIds.length === 0 || selected.size === 0) return 'none'
  let count = 0
  for (const id of orderedIds) if (selected.has(id)) count++
  if (count === 0) return 'none'
  return count === orderedIds.length ? 'all' : 'some'
}

/** A click on the header box: all rows when not all are selected, else none of them. */
export function toggleAll(selected: ReadonlySet<number>, orderedIds: readonly number[]): Set<number> {
  if (headerState(selected, orderedIds) === 'all') {
    const next = new Set(selected)
    for (const id of orderedIds) next.delete(id)
    return next
  }
  return new Set([...selected, ...orderedIds])
}

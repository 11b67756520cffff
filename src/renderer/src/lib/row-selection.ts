// The table's selection as plain data, changed the way a person expects from a file manager:
// a click on a box toggles one row, Shift+click sets every row from the last one clicked,
// Ctrl/Cmd+A selects every row the view matches, Escape clears. A selection names rows by key
// (`accountId:siteId`), or is "every matching row but these" (shared/sites-query.ts
// SiteSelection), so selecting fifty thousand rows holds no list of them. Pure functions: every
// change returns a new selection (the old one is never touched, so the view can compare them).
import type { RowKey } from '../../../shared/scope'
import type { SiteSelection } from '../../../shared/sites-query'

/** Every row the view matches (Ctrl/Cmd+A, the header box). */
export function selectEvery(): SiteSelection {
  return { kind: 'matching', except: [] }
}

/** Adds or removes one row. */
export function toggleKey(selection: SiteSelection, key: RowKey): SiteSelection {
  if (selection.kind === 'keys') {
    const keys = selection.keys.includes(key) ? selection.keys.filter((k) => k !== key) : [...selection.keys, key]
    return { kind: 'keys', keys }
  }
  const except = selection.except.includes(key) ? selection.except.filter((k) => k !== key) : [...selection.except, key]
  return { kind: 'matching', except }
}

/**
 * Shift+click: the rows of a range (their keys in the view's order) all take the clicked row's
 * new state, added to or taken from what was selected before.
 */
export function setKeys(selection: SiteSelection, keys: readonly RowKey[], select: boolean): SiteSelection {
  const range = new Set(keys)
  if (selection.kind === 'keys') {
    const kept = selection.keys.filter((k) => !range.has(k))
    return { kind: 'keys', keys: select ? [...kept, ...keys] : kept }
  }
  const kept = selection.except.filter((k) => !range.has(k))
  return { kind: 'matching', except: select ? kept : [...kept, ...keys] }
}

/** The selection without these rows (deleted, gone). */
export function withoutKeys(selection: SiteSelection, keys: readonly RowKey[]): SiteSelection {
  if (selection.kind === 'matching') return selection
  const gone = new Set(keys)
  const kept = selection.keys.filter((k) => !gone.has(k))
  return kept.length === selection.keys.length ? selection : { kind: 'keys', keys: kept }
}

export type HeaderCheckState = 'none' | 'some' | 'all'

/**
 * The header box: none, some (mixed) or all of the `total` rows the view matches are selected.
 * Rows named one by one are compared with the view's keys when the table knows them all
 * (`viewKeys`); otherwise a named selection reads as "some" (it may hold rows the search hides).
 */
export function headerState(selection: SiteSelection, total: number, viewKeys: readonly RowKey[] | null = null): HeaderCheckState {
  if (total === 0) return 'none'
  if (selection.kind === 'matching') return selection.except.length === 0 ? 'all' : 'some'
  if (selection.keys.length === 0) return 'none'
  if (viewKeys === null) return 'some'
  const chosen = new Set(selection.keys)
  let count = 0
  for (const key of viewKeys) if (chosen.has(key)) count++
  if (count === 0) return 'none'
  return count === viewKeys.length ? 'all' : 'some'
}

// The order of a scope's rows: up to MAX_SORTS levels (the first decides, the next breaks its
// ties), empty values (null) last whatever the direction, then name, account label, account id
// and site id, so the order is total and the same from one answer to the next.
//
// Sorting a whole scope compares numbers, not text: each level's distinct values are sorted
// once with the collator and every row gets its value's rank (equal-comparing values share
// one). 50,000 rows hold about 12,000 distinct names, so this is several times quicker than
// the collator per comparison. A handful of rows (a selection, the site page's one row) is
// compared directly, which gives the same order without ranking the whole scope.
import { SITE_FIELDS, type Site, type SiteSort, type SortValue, type TableFieldKey } from '../../shared'
import { healthSortValue } from './health-column'
import type { ScopeRows } from './scope-rows'
import { textCollator } from './text-order'

/** The sorts as one string: equal strings order alike. */
export function sortIdOf(sorts: readonly SiteSort[]): string {
  return sorts.map((sort) => `${sort.key}:${sort.direction}`).join(',')
}

function valueOf(rows: ScopeRows, key: TableFieldKey, row: number): SortValue {
  if (key === 'account') return rows.accounts[rows.rowAccount[row]!]!.label || null
  if (key === 'health') return healthSortValue(rows, row)
  return SITE_FIELDS[key].sort(rows.site(row))
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  // Versions like "8.10" vs "8.9" compare numerically through the collator.
  return textCollator.compare(String(a), String(b))
}

/** Compares two values of one level: empty values (null) last whatever the direction. */
function compareLevel(a: SortValue, b: SortValue, sign: number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
  return sign * compareValues(a, b)
}

/** Each row's rank for a level; equal-comparing values share a rank, null is -1. */
function ranksOf(rows: ScopeRows, key: TableFieldKey): Int32Array {
  return rows.derive(`ranks:${key}`, () => {
    const values = new Array<SortValue>(rows.size)
    const distinct = new Map<SortValue, number>()
    for (let row = 0; row < rows.size; row++) {
      const value = valueOf(rows, key, row)
      values[row] = value
      if (value !== null) distinct.set(value, 0)
    }
    const ordered = [...distinct.keys()].sort(compareValues)
    let rank = 0
    for (let at = 0; at < ordered.length; at++) {
      if (at > 0 && compareValues(ordered[at - 1]!, ordered[at]!) !== 0) rank++
      distinct.set(ordered[at]!, rank)
    }
    const ranks = new Int32Array(rows.size)
    for (let row = 0; row < rows.size; row++) {
      const value = values[row]!
      ranks[row] = value === null ? -1 : distinct.get(value)!
    }
    return ranks
  })
}

/** The ties' order of the scope's accounts: by label, then id. */
function accountOrder(rows: ScopeRows): Int32Array {
  return rows.derive('accountOrder', () => {
    const order = new Int32Array(rows.accounts.length)
    const byLabel = rows.accounts.map((_, a) => a).sort((x, y) => compareAccounts(rows, x, y))
    byLabel.forEach((a, place) => (order[a] = place))
    return order
  })
}

function compareAccounts(rows: ScopeRows, x: number, y: number): number {
  const [a, b] = [rows.accounts[x]!, rows.accounts[y]!]
  return textCollator.compare(a.label, b.label) || (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0)
}

function siteIds(rows: ScopeRows): Float64Array {
  return rows.derive('siteIds', () => {
    const ids = new Float64Array(rows.size)
    for (let row = 0; row < rows.size; row++) ids[row] = rows.site(row).id
    return ids
  })
}

/** Every row of the scope in the sorts' order. */
export function sortRows(rows: ScopeRows, sorts: readonly SiteSort[]): Int32Array {
  const levels = sorts.map((sort) => ({ ranks: ranksOf(rows, sort.key), sign: sort.direction === 'asc' ? 1 : -1 }))
  const names = ranksOf(rows, 'name')
  const accounts = accountOrder(rows)
  const ids = siteIds(rows)
  const { rowAccount } = rows
  const order = new Int32Array(rows.size)
  for (let row = 0; row < rows.size; row++) order[row] = row
  return order.sort((x, y) => {
    for (const level of levels) {
      const a = level.ranks[x]!
      const b = level.ranks[y]!
      if (a !== b) return a === -1 ? 1 : b === -1 ? -1 : level.sign * (a - b)
    }
    return names[x]! - names[y]! || accounts[rowAccount[x]!]! - accounts[rowAccount[y]!]! || ids[x]! - ids[y]!
  })
}

/** A few rows in the sorts' order (the same order sortRows gives them), compared directly. */
export function sortSomeRows(rows: ScopeRows, some: readonly number[], sorts: readonly SiteSort[]): number[] {
  const levels = sorts.map((sort) => ({ key: sort.key, sign: sort.direction === 'asc' ? 1 : -1 }))
  const keyed = some.map((row) => ({ row, site: rows.site(row), values: levels.map((level) => valueOf(rows, level.key, row)) }))
  keyed.sort((x, y) => {
    for (let i = 0; i < levels.length; i++) {
      const order = compareLevel(x.values[i]!, y.values[i]!, levels[i]!.sign)
      if (order !== 0) return order
    }
    return compareNames(x.site, y.site) || compareAccounts(rows, rows.rowAccount[x.row]!, rows.rowAccount[y.row]!) || x.site.id - y.site.id
  })
  return keyed.map((entry) => entry.row)
}

function compareNames(a: Site, b: Site): number {
  return textCollator.compare(a.name, b.name)
}

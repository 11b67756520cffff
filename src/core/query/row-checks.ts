// The filters besides the search, each a test of one row. Unset filters are left out so they
// cost nothing; facet counting (facet-counts.ts) leaves one out at a time.
import { hasFacetFilter, parseKey, type SiteFilter } from '../../shared'
import { causeMask, healthColumn } from './health-column'
import { rowColumns, type ValueColumn } from './row-columns'
import type { ScopeRows } from './scope-rows'

export type Check = 'php' | 'mysql' | 'web' | 'status' | 'tags' | 'hasUpdates' | 'neverChecked' | 'accounts' | 'health'
export type RowCheck = [Check, (row: number) => boolean]

/** True when any filter other than the search is set. */
export function hasOtherFilters(filter: SiteFilter): boolean {
  return hasFacetFilter(filter) || filter.accounts.length > 0
}

/** The filters besides the search, as one string: equal strings filter alike. */
export function otherFiltersId(filter: SiteFilter): string {
  if (!hasOtherFilters(filter)) return ''
  return JSON.stringify([
    filter.php,
    filter.mysql,
    filter.web,
    filter.status,
    filter.tags,
    filter.tags.length > 0 ? filter.tagMode : '',
    filter.hasUpdates,
    filter.neverChecked,
    filter.accounts,
    filter.health ?? [],
  ])
}

function valueCheck(column: ValueColumn, wanted: readonly string[]): (row: number) => boolean {
  const mask = new Uint8Array(column.values.length)
  for (const value of wanted) {
    const id = column.idOf.get(value)
    if (id !== undefined) mask[id] = 1
  }
  return (row) => mask[column.ids[row]!] === 1
}

/**
 * The tag filter. 'any': the site carries one of the ticked tags. 'all': it carries every
 * ticked tag of its own account (tags belong to one account, so in a scope of several a site
 * is asked only for its account's), and a site of an account with none ticked is not shown.
 */
function tagCheck(rows: ScopeRows, filter: SiteFilter): (row: number) => boolean {
  const columns = rowColumns(rows)
  const { tagStarts, tagSlots } = columns
  if (filter.tagMode === 'any') {
    const mask = new Uint8Array(columns.tagKeys.length)
    for (const key of filter.tags) {
      const slot = columns.tagIdOf.get(key)
      if (slot !== undefined) mask[slot] = 1
    }
    return (row) => {
      for (let at = tagStarts[row]!; at < tagStarts[row + 1]!; at++) if (mask[tagSlots[at]!] === 1) return true
      return false
    }
  }
  // Per account, the tags a site must carry; -1 for a ticked tag no site carries (none can match).
  const required = new Map<number, number[]>()
  for (const key of filter.tags) {
    const parsed = parseKey(key)
    const a = parsed === null ? -1 : rows.accountIndexOf(parsed.accountId)
    if (a === -1) continue
    const list = required.get(a) ?? []
    list.push(columns.tagIdOf.get(key) ?? -1)
    required.set(a, list)
  }
  return (row) => {
    const needed = required.get(rows.rowAccount[row]!)
    if (needed === undefined) return false
    for (const slot of needed) {
      let found = false
      for (let at = tagStarts[row]!; at < tagStarts[row + 1]! && !found; at++) found = tagSlots[at] === slot
      if (!found) return false
    }
    return true
  }
}

/** The checks a filter sets, each as a predicate over rows. */
export function activeChecks(rows: ScopeRows, filter: SiteFilter): RowCheck[] {
  const checks: RowCheck[] = []
  if (!hasOtherFilters(filter)) return checks
  const columns = rowColumns(rows)
  for (const facet of ['php', 'mysql', 'web', 'status'] as const) {
    if (filter[facet].length > 0) checks.push([facet, valueCheck(columns[facet], filter[facet])])
  }
  if (filter.tags.length > 0) checks.push(['tags', tagCheck(rows, filter)])
  if (filter.hasUpdates) checks.push(['hasUpdates', (row) => columns.hasUpdates[row] === 1])
  if (filter.neverChecked) checks.push(['neverChecked', (row) => columns.neverChecked[row] === 1])
  if (filter.accounts.length > 0) {
    const mask = new Uint8Array(rows.accounts.length)
    for (const accountId of filter.accounts) {
      const a = rows.accountIndexOf(accountId)
      if (a !== -1) mask[a] = 1
    }
    checks.push(['accounts', (row) => mask[rows.rowAccount[row]!] === 1])
  }
  if ((filter.health ?? []).length > 0) {
    // A site with any of the ticked findings; a cause no app knows matches nothing.
    const mask = causeMask(filter.health ?? [])
    const { causes } = healthColumn(rows)
    checks.push(['health', (row) => (causes[row]! & mask) !== 0])
  }
  return checks
}

/** True when the row passes every check. */
export function passes(checks: readonly RowCheck[], row: number): boolean {
  for (const [, check] of checks) if (!check(row)) return false
  return true
}

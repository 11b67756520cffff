// How many rows each filter value would show, as good faceted search does: each facet counts
// the rows matching the search and every OTHER filter, so its numbers say what ticking a
// value would show. One pass over the rows the search found, the checks run once per row.
import { HEALTH_CAUSES, HEALTH_CAUSE_NAMES, UNKNOWN_LABEL, UNKNOWN_VALUE, parseKey, type FacetValue, type HealthCause, type SiteFacets, type SiteFilter, type TagKey } from '../../shared'
import { healthColumn } from './health-column'
import { activeChecks, type Check } from './row-checks'
import { rowColumns, type ValueColumn } from './row-columns'
import type { ScopeRows } from './scope-rows'
import { compareStatuses, compareVersionsDescending, textCollator } from './text-order'

function valueFacet(
  column: ValueColumn,
  counts: Int32Array,
  selected: readonly string[],
  label: (value: string) => string,
  compare: (a: string, b: string) => number,
): FacetValue<string>[] {
  const listed = new Map<string, number>()
  column.values.forEach((value, id) => {
    if (counts[id]! > 0) listed.set(value, counts[id]!)
  })
  // A selected value no row has (from an old address) stays listed, at 0, so it can be unticked.
  for (const value of selected) if (!listed.has(value)) listed.set(value, 0)
  return [...listed].map(([value, count]) => ({ value, label: label(value), count })).sort((a, b) => compare(a.value, b.value))
}

const versionLabel = (value: string): string => (value === UNKNOWN_VALUE ? UNKNOWN_LABEL : value)

/** The facets of `filter` over the scope, counted over `searched`: the rows its search words match. */
export function countFacets(rows: ScopeRows, searched: Int32Array, filter: SiteFilter): SiteFacets {
  const columns = rowColumns(rows)
  const checks = activeChecks(rows, filter)
  const counts = {
    php: new Int32Array(columns.php.values.length),
    mysql: new Int32Array(columns.mysql.values.length),
    web: new Int32Array(columns.web.values.length),
    status: new Int32Array(columns.status.values.length),
    tags: new Int32Array(columns.tagKeys.length),
    accounts: new Int32Array(rows.accounts.length),
    hasUpdates: 0,
    neverChecked: 0,
    health: new Int32Array(HEALTH_CAUSES.length),
  }
  const { tagStarts, tagSlots } = columns
  const healthCauses = healthColumn(rows).causes
  for (let at = 0; at < searched.length; at++) {
    const row = searched[at]!
    // The one check this row fails, if exactly one: it counts for that facet only.
    let failed: Check | null = null
    let failures = 0
    for (const [name, check] of checks) {
      if (!check(row)) {
        failed = name
        if (++failures > 1) break
      }
    }
    if (failures > 1) continue
    const all = failures === 0
    if (all || failed === 'php') counts.php[columns.php.ids[row]!]!++
    if (all || failed === 'mysql') counts.mysql[columns.mysql.ids[row]!]!++
    if (all || failed === 'web') counts.web[columns.web.ids[row]!]!++
    if (all || failed === 'status') counts.status[columns.status.ids[row]!]!++
    if (all || failed === 'tags') for (let t = tagStarts[row]!; t < tagStarts[row + 1]!; t++) counts.tags[tagSlots[t]!]!++
    if (all || failed === 'accounts') counts.accounts[rows.rowAccount[row]!]!++
    if ((all || failed === 'hasUpdates') && columns.hasUpdates[row] === 1) counts.hasUpdates++
    if ((all || failed === 'neverChecked') && columns.neverChecked[row] === 1) counts.neverChecked++
    if (all || failed === 'health') {
      const bits = healthCauses[row]!
      if (bits !== 0) for (let c = 0; c < HEALTH_CAUSES.length; c++) if ((bits & (1 << c)) !== 0) counts.health[c]!++
    }
  }
  return {
    php: valueFacet(columns.php, counts.php, filter.php, versionLabel, compareVersionsDescending),
    mysql: valueFacet(columns.mysql, counts.mysql, filter.mysql, versionLabel, compareVersionsDescending),
    web: valueFacet(columns.web, counts.web, filter.web, versionLabel, compareVersionsDescending),
    status: valueFacet(columns.status, counts.status, filter.status, (value) => value || UNKNOWN_LABEL, compareStatuses),
    tags: tagFacet(rows, counts.tags, filter.tags),
    accounts: accountFacet(rows, counts.accounts, filter.accounts),
    hasUpdates: counts.hasUpdates,
    neverChecked: counts.neverChecked,
    health: HEALTH_CAUSES.map((cause, c): FacetValue<HealthCause> => ({ value: cause, label: HEALTH_CAUSE_NAMES[cause], count: counts.health[c]! })),
  }
}

/**
 * Every tag of the scope's accounts (unused ones at 0) and any ticked one no account has; a
 * tag is named by its name, with its account's label when the scope has several accounts.
 */
function tagFacet(rows: ScopeRows, counts: Int32Array, selected: readonly TagKey[]): FacetValue<TagKey>[] {
  const columns = rowColumns(rows)
  const several = rows.accounts.length > 1
  const listed: FacetValue<TagKey>[] = columns.tagKeys.map((value, slot) => {
    const name = columns.tagNames[slot]!
    return { value, label: several ? `${name} (${rows.accounts[columns.tagAccount[slot]!]!.label})` : name, count: counts[slot]! }
  })
  for (const key of new Set(selected)) {
    if (!columns.tagIdOf.has(key)) listed.push({ value: key, label: `Tag #${parseKey(key)?.id ?? key}`, count: 0 })
  }
  return listed.sort((a, b) => textCollator.compare(a.label, b.label) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
}

/** For scopes of several accounts: each account, in the scope's order, and any ticked one no longer in it. */
function accountFacet(rows: ScopeRows, counts: Int32Array, selected: readonly string[]): FacetValue<string>[] {
  if (rows.accounts.length < 2) return []
  const listed = rows.accounts.map((account, a) => ({ value: account.accountId, label: account.label, count: counts[a]! }))
  for (const accountId of new Set(selected)) {
    if (rows.accountIndexOf(accountId) === -1) listed.push({ value: accountId, label: accountId, count: 0 })
  }
  return listed
}

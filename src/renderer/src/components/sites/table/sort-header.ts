// How the Sites table's headers show the view's two-level sort: which level a column is
// (0 primary, 1 second, -1 not sorted), its aria-sort, and what a click on it would do.
import type { SiteSort } from '../../../../../shared/sites-query'
import type { TableFieldKey } from '../../../lib/site-fields'

export function sortLevel(sort: readonly SiteSort[], key: TableFieldKey): number {
  return sort.findIndex((s) => s.key === key)
}

export function ariaSort(sort: readonly SiteSort[], key: TableFieldKey): 'ascending' | 'descending' | undefined {
  const level = sort[sortLevel(sort, key)]
  if (!level) return undefined
  return level.direction === 'asc' ? 'ascending' : 'descending'
}

export function sortTitle(sort: readonly SiteSort[], key: TableFieldKey): string {
  const level = sortLevel(sort, key)
  if (level === 0) return 'Sorted by this column. Click to reverse; Shift+click another column to sort by it second.'
  if (level === 1) return 'Second sort. Shift+click to reverse.'
  return 'Click to sort; Shift+click to sort by this second.'
}

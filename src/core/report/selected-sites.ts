// The sites a report covers: the selection's query answered by the Sites query engine, page
// by page (so a tag, a saved view and picked rows mean exactly what they mean in the Sites
// view), sorted by name.
import { MAX_QUERY_ROWS, type SiteRow } from '../../shared'
import type { ReportSelection } from '../../shared/report'
import { querySites } from '../query'
import type { ReportAccount } from './report-sources'

export function selectedSites(accounts: readonly ReportAccount[], selection: ReportSelection): SiteRow[] {
  const rows: SiteRow[] = []
  for (let offset = 0; ; offset += MAX_QUERY_ROWS) {
    const page = querySites(accounts, {
      scope: selection.scope,
      filter: selection.filter,
      sort: [{ key: 'name', direction: 'asc' }],
      offset,
      limit: MAX_QUERY_ROWS,
      ...(selection.keys ? { keys: selection.keys } : {}),
    })
    rows.push(...page.rows)
    if (page.rows.length < MAX_QUERY_ROWS) return rows
  }
}

/** A whole account (or accounts): no filter, no picked rows, so events of removed sites belong too. */
export function isWholeScope(selection: ReportSelection): boolean {
  const f = selection.filter
  return (
    selection.keys === undefined &&
    f.search.trim() === '' &&
    f.php.length + f.mysql.length + f.web.length + f.status.length + f.tags.length + f.accounts.length === 0 &&
    // Read loosely: the health filter is newer than some stored views.
    ((f as { health?: readonly unknown[] }).health?.length ?? 0) === 0 &&
    !f.hasUpdates &&
    !f.neverChecked
  )
}

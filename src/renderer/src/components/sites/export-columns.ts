// Which columns an export holds: the ones the table shows for the account, in its order (the
// column layout the person chose, Health among them when shown, from the table's column store).
// The one place the export asks, so nothing else reads that store for it. Health's cells are
// the findings' labels (shared/health-labels.ts), worst first, as the table shows them.
import type { TableFieldKey } from '../../lib/site-fields'
import { useSiteColumnsStore } from '../../stores/site-columns'

/** In a component's setup: answers the columns an export of an account's view holds when asked. */
export function useExportColumns(): (accountId: string) => readonly TableFieldKey[] {
  const columns = useSiteColumnsStore()
  return (accountId) => columns.shownColumns(accountId)
}

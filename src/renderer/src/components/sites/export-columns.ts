// Which columns an export holds: the ones the table shows for the account, in its order (the
// column layout the person chose, from the table's column store). The one place the export
// asks, so nothing else reads that store for it.
import type { SiteFieldKey } from '../../lib/site-fields'
import { useSiteColumnsStore } from '../../stores/site-columns'

/** In a component's setup: answers the visible columns of an account when asked. */
export function useExportColumns(): (accountId: string) => readonly SiteFieldKey[] {
  const columns = useSiteColumnsStore()
  return (accountId) => columns.visibleKeys(accountId)
}

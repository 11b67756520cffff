// Which columns an export holds: the ones the table shows for the account, in its order (the
// column layout the person chose, from the table's column store), with Health where the table
// puts it. The one place the export asks, so nothing else reads that store for it.
import type { SiteFieldKey, TableFieldKey } from '../../lib/site-fields'
import { useSiteColumnsStore } from '../../stores/site-columns'

/**
 * The visible fields with Health placed as the table places it: after Status, or after Name
 * when Status is hidden (Health is core's own column, always shown, never in the layout). Its
 * cells are the findings' labels (shared/health-labels.ts), worst first, as the table shows them.
 */
export function withHealthColumn(visible: readonly SiteFieldKey[]): TableFieldKey[] {
  const columns: TableFieldKey[] = [...visible]
  const status = columns.indexOf('status')
  columns.splice(status >= 0 ? status + 1 : columns.indexOf('name') + 1, 0, 'health')
  return columns
}

/** In a component's setup: answers the columns an export of an account's view holds when asked. */
export function useExportColumns(): (accountId: string) => readonly TableFieldKey[] {
  const columns = useSiteColumnsStore()
  return (accountId) => withHealthColumn(columns.visibleKeys(accountId))
}

// Which columns an export holds: the ones the table shows for the account, in its order.
// The one place the export asks, so the column layout's store is read here and nowhere else.
import { DEFAULT_EXPORT_KEYS } from '../../lib/export-sites'
import type { SiteFieldKey } from '../../lib/site-fields'

export function exportColumns(_accountId: string | null): readonly SiteFieldKey[] {
  // The table's column store is being written (site-columns.ts); until it is there the
  // export has the table's default columns.
  return DEFAULT_EXPORT_KEYS
}

// The sites a bulk delete holds, from the rows its selection resolved to (core/export's
// queryRows over the Sites query engine, the one resolution an export uses too): each row's key,
// account and id, and the name and address its list shows, nothing more of the site.
import type { SiteRow } from '../../shared'
import type { DeleteTarget } from './delete-job'

export function* deleteTargets(rows: Iterable<SiteRow>): Generator<DeleteTarget> {
  for (const row of rows) yield { key: row.key, accountId: row.accountId, siteId: row.site.id, name: row.site.name, url: row.site.url }
}

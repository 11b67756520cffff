// The small facts of one account of a scope (workspace:scope): what the store holds, counted
// from the same per-list index the queries use, so a tag's site count costs one pass per list.
import type { ScopeAccount, SyncState } from '../../shared'
import type { QueryAccount } from './scope-rows'
import { siteListIndex } from './site-list-index'
import { textCollator } from './text-order'

export function scopeAccountSummary(account: QueryAccount, sync: SyncState, eventCount: number): ScopeAccount {
  const counts = siteListIndex(account.sites).tagSiteCounts()
  let pendingUpdates = 0
  for (const site of account.sites) pendingUpdates += site.updates_count ?? 0
  return {
    accountId: account.accountId,
    sync,
    siteCount: account.sites.length,
    pendingUpdates,
    eventCount,
    tags: account.tags
      .map((tag) => ({ ...tag, siteCount: counts.get(tag.id) ?? 0 }))
      .sort((a, b) => textCollator.compare(a.name, b.name) || a.id - b.id),
    revision: account.revision,
  }
}

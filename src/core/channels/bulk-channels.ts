// bulk:delete* — a bulk delete as a job of core's (core/bulk): prepared from the Sites view's
// query and a selection, resolved as export:sites resolves one (core/export's queryRows over the
// query engine), then run one site at a time through sites:delete's own handler, so the store
// update and the sync that follows each delete are those of a single delete. The window reads
// the job's list a page at a time and follows its `bulk:progress` pushes; it never holds the list.
import type { ChannelHandlers } from '../../shared'
import { bulkDeleteWork, DeleteJobs, deleteTargets, type BulkChannel, type BulkWork, type DeleteSite, type SelectionTargets } from '../bulk'
import { queryRows } from '../export'
import type { ChannelContext } from './context'
import { handle } from './handle'
import { scopeQueryAccounts } from './scope-accounts'

/** The channels: each input checked against its schema first (handle.ts), then the work. */
function bulkDeleteHandlers(work: BulkWork): Pick<ChannelHandlers, BulkChannel> {
  return {
    'bulk:deletePrepare': handle('bulk:deletePrepare', work['bulk:deletePrepare']),
    'bulk:deleteItems': handle('bulk:deleteItems', work['bulk:deleteItems']),
    'bulk:deleteRun': handle('bulk:deleteRun', work['bulk:deleteRun']),
    'bulk:deleteRetryFailed': handle('bulk:deleteRetryFailed', work['bulk:deleteRetryFailed']),
    'bulk:deleteStop': handle('bulk:deleteStop', work['bulk:deleteStop']),
    'bulk:deleteRemoved': handle('bulk:deleteRemoved', work['bulk:deleteRemoved']),
    'bulk:deleteForget': handle('bulk:deleteForget', work['bulk:deleteForget']),
  }
}

/**
 * Core's bulk channels: requests resolved over the store's lists as the Sites query answers
 * them (every account of the scope must exist), each site deleted by `deleteSite` (sites:delete's
 * handler; one found gone is taken out of the store), progress pushed as `bulk:progress`. `jobs`
 * is kept for core's close.
 */
export function bulkChannels(ctx: Pick<ChannelContext, 'accounts' | 'workspace' | 'siteFindings' | 'events' | 'sync'>, deleteSite: DeleteSite): { handlers: Pick<ChannelHandlers, BulkChannel>; jobs: DeleteJobs } {
  const jobs = new DeleteJobs({
    deleteSite,
    // A site the server no longer has leaves the store now, as the next sync would take it out.
    siteGone: (accountId, siteId) => ctx.sync.siteDeleted(accountId, siteId),
    push: (progress) => ctx.events.emit('bulk:progress', progress),
  })

  const targets: SelectionTargets = async ({ query, except }) => deleteTargets(queryRows(await scopeQueryAccounts(ctx, query.scope), query, except))
  return { handlers: bulkDeleteHandlers(bulkDeleteWork(jobs, targets)), jobs }
}

// bulk:delete* — a bulk delete as a job of core's (core/bulk): prepared from the Sites view's
// query and a selection, resolved as export:sites resolves one (core/export's queryRows over the
// query engine), then run one site at a time through sites:delete's own handler, so the store
// update and the sync that follows each delete are those of a single delete. The window reads
// the job's list a page at a time and follows its `bulk:progress` pushes; it never holds the list.
import type { ChannelHandlers } from '../../shared'
import type { BulkDeleteRequest } from '../../shared/bulk-delete'
import { DeleteJobs, deleteTargets, type DeleteSite, type DeleteTarget } from '../bulk'
import { queryRows } from '../export'
import type { QueryAccount } from '../query'
import { checkScope } from './check-scope'
import type { ChannelContext } from './context'
import { handle } from './handle'

export type BulkChannel = 'bulk:deletePrepare' | 'bulk:deleteItems' | 'bulk:deleteRun' | 'bulk:deleteRetryFailed' | 'bulk:deleteStop' | 'bulk:deleteRemoved' | 'bulk:deleteForget'

/** The sites a request names, in the view's order. */
export type SelectionTargets = (request: BulkDeleteRequest) => Promise<Iterable<DeleteTarget>>

/** The channels over a set of jobs and how a request becomes its sites. */
export function bulkDeleteHandlers(jobs: DeleteJobs, targets: SelectionTargets): Pick<ChannelHandlers, BulkChannel> {
  return {
    'bulk:deletePrepare': handle('bulk:deletePrepare', async (request) => {
      const job = jobs.add(await targets(request), request.query.keys !== undefined)
      return { jobId: job.id, total: job.total }
    }),
    'bulk:deleteItems': handle('bulk:deleteItems', async ({ jobId, offset, limit, states }) => jobs.get(jobId).page(offset, limit, states)),
    'bulk:deleteRun': handle('bulk:deleteRun', async ({ jobId }) => jobs.get(jobId).run()),
    'bulk:deleteRetryFailed': handle('bulk:deleteRetryFailed', async ({ jobId }) => jobs.get(jobId).retryFailed()),
    'bulk:deleteStop': handle('bulk:deleteStop', async ({ jobId }) => jobs.get(jobId).stop()),
    'bulk:deleteRemoved': handle('bulk:deleteRemoved', async ({ jobId }) => {
      const job = jobs.get(jobId)
      return job.byKeys ? job.removedKeys() : null
    }),
    'bulk:deleteForget': handle('bulk:deleteForget', async ({ jobId }) => jobs.forget(jobId)),
  }
}

/**
 * Core's bulk channels: requests resolved over the store's lists as the Sites query answers
 * them (every account of the scope must exist), each site deleted by `deleteSite` (sites:delete's
 * handler), progress pushed as `bulk:progress`. `jobs` is kept for core's close.
 */
export function bulkChannels(ctx: Pick<ChannelContext, 'accounts' | 'workspace' | 'siteFindings' | 'events'>, deleteSite: DeleteSite): { handlers: Pick<ChannelHandlers, BulkChannel>; jobs: DeleteJobs } {
  const { accounts, workspace, siteFindings } = ctx
  const jobs = new DeleteJobs({ deleteSite, push: (progress) => ctx.events.emit('bulk:progress', progress) })

  async function queryAccounts(scope: readonly string[]): Promise<QueryAccount[]> {
    await checkScope(accounts, scope)
    return Promise.all(
      scope.map(async (accountId) => ({
        accountId,
        label: (await accounts.requireAccount(accountId)).label,
        sites: workspace.sites(accountId),
        tags: workspace.tags(accountId),
        revision: workspace.revision(accountId),
        ...(siteFindings ? { health: siteFindings(accountId) } : {}),
      })),
    )
  }

  const targets: SelectionTargets = async ({ query, except }) => deleteTargets(queryRows(await queryAccounts(query.scope), query, except))
  return { handlers: bulkDeleteHandlers(jobs, targets), jobs }
}

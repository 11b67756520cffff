// What each bulk:delete* channel does over core's jobs, given its input as the contract types it:
// the channel handlers (core/channels/bulk-channels.ts) check the input first, then run this.
import type { ChannelInput, ChannelOutput } from '../../shared'
import type { BulkDeleteRequest } from '../../shared/bulk-delete'
import type { DeleteTarget } from './delete-job'
import type { DeleteJobs } from './delete-jobs'

export type BulkChannel = 'bulk:deletePrepare' | 'bulk:deleteItems' | 'bulk:deleteRun' | 'bulk:deleteRetryFailed' | 'bulk:deleteStop' | 'bulk:deleteRemoved' | 'bulk:deleteForget'

/** The sites a request names, in the view's order. */
export type SelectionTargets = (request: BulkDeleteRequest) => Promise<Iterable<DeleteTarget>>

/** What each bulk channel does over a set of jobs, given its input as the contract types it. */
export type BulkWork = { [C in BulkChannel]: (input: ChannelInput<C>) => Promise<ChannelOutput<C>> }

/** The channels' work over a set of jobs and how a request becomes its sites. */
export function bulkDeleteWork(jobs: DeleteJobs, targets: SelectionTargets): BulkWork {
  return {
    'bulk:deletePrepare': async (request) => {
      const job = jobs.add(await targets(request), request.query.keys !== undefined)
      return { jobId: job.id, total: job.total }
    },
    'bulk:deleteItems': async ({ jobId, offset, limit, states }) => jobs.get(jobId).page(offset, limit, states),
    'bulk:deleteRun': async ({ jobId }) => jobs.get(jobId).run(),
    'bulk:deleteRetryFailed': async ({ jobId }) => jobs.get(jobId).retryFailed(),
    'bulk:deleteStop': async ({ jobId }) => jobs.get(jobId).stop(),
    'bulk:deleteRemoved': async ({ jobId }) => {
      const job = jobs.get(jobId)
      return job.byKeys ? job.removedKeys() : null
    },
    'bulk:deleteForget': async ({ jobId }) => jobs.forget(jobId),
  }
}


// Deletes several sites, each in its own account, as a job of core's (stores/bulk-delete.ts over
// core/bulk): the window names the Sites view's query and its selection, as an export does, and
// core resolves them to the sites, deletes them one request at a time (stopping between two when
// asked), keeps each one's outcome and pushes where it is. One the server no longer has (404) is
// what the person wanted: already gone, not a failure, never retried. The window holds a page of
// the list at most, so 50,000 selected rows cost it no more than a dozen.
import { computed, watch } from 'vue'
import type { Result } from '../../../shared'
import type { BulkDeleteRequest, BulkDeleteState } from '../../../shared/bulk-delete'
import type { RowKey } from '../../../shared/scope'
import { EMPTY_FILTER, type SiteSelection } from '../../../shared/sites-query'
import { useBulkDeleteStore } from '../stores/bulk-delete'
import type { WindowQuery } from '../stores/site-window'

/** The Sites view's query as a bulk delete names it. */
export type DeleteQuery = Pick<WindowQuery, 'scope' | 'filter' | 'sort'>

/**
 * What core is asked to delete: the rows a selection names, in the view's order. Rows named one
 * by one are the rows whatever the search (as the table shows them); a select-all is every row
 * the query matches but its exceptions.
 */
export function deleteRequest(query: DeleteQuery, selection: SiteSelection): BulkDeleteRequest {
  const base = { scope: [...query.scope], filter: query.filter, sort: [...query.sort] }
  if (selection.kind === 'keys') return { query: { ...base, filter: EMPTY_FILTER, keys: [...selection.keys] } }
  return selection.except.length > 0 ? { query: base, except: [...selection.except] } : { query: base }
}

/** How often a run's end is checked for besides core's pushes. */
const ENDED_POLL_MS = 3_000

export function useBulkDeleteInAccounts() {
  const job = useBulkDeleteStore()

  const progress = computed(() => job.progress)
  const running = computed(() => job.progress?.running ?? false)
  const stopping = computed(() => job.progress?.stopping ?? false)
  const total = computed(() => job.progress?.total ?? 0)
  const count = (state: BulkDeleteState) => computed(() => job.progress?.counts[state] ?? 0)
  const deleted = count('deleted')
  const gone = count('gone')
  const failed = count('failed')
  const cancelled = count('cancelled')
  /** A run began: what became of each site is known. */
  const started = computed(() => (job.progress?.runs ?? 0) > 0)

  /** Starts over with the sites of this selection, all pending; the answer says whether core could list them. */
  async function prepare(query: DeleteQuery, selection: SiteSelection): Promise<Result<{ total: number }>> {
    return job.prepare(deleteRequest(query, selection))
  }

  /**
   * Settles once the run under way has ended, as core's pushes say; a push lost on the way (a
   * socket that reconnected) is made up for by reading the list again every few seconds.
   */
  function ended(): Promise<void> {
    if (!running.value) return Promise.resolve()
    return new Promise((resolve) => {
      const poll = setInterval(() => void job.refresh(), ENDED_POLL_MS)
      const stop = watch(running, (isRunning) => {
        if (isRunning) return
        clearInterval(poll)
        stop()
        resolve()
      })
    })
  }

  /** Starts a run (`run` or `retryFailed`) and settles when it has ended, false when it could not start. */
  async function runUntilEnd(start: () => ReturnType<typeof job.run>): Promise<boolean> {
    const result = await start()
    if (!result.ok) return false
    await ended()
    return true
  }

  return {
    items: computed(() => job.items),
    matching: computed(() => job.matching),
    states: computed(() => job.states),
    progress,
    running,
    stopping,
    total,
    deleted,
    gone,
    failed,
    cancelled,
    started,
    prepare,
    /** Deletes every pending site of the list, in order; settles when the run has ended. */
    run: () => runUntilEnd(() => job.run()),
    /** Tries the failed ones again; the deleted, gone and cancelled stay as they are. */
    retryFailed: () => runUntilEnd(() => job.retryFailed()),
    /** Stops after the site being deleted now; the rest are left alone. */
    cancel: () => void job.stop(),
    showMore: () => job.showMore(),
    showStates: (states: readonly BulkDeleteState[]) => job.showStates(states),
    removedKeys: (): Promise<RowKey[]> => job.removedKeys(),
    jobId: computed(() => job.jobId),
    forget: (which?: string) => job.forget(which),
  }
}

// Deletes several sites, each in its own account (every row carries its account and key), one
// request at a time (the API has no bulk delete, and one at a time keeps within its rate limit
// and lets the person stop between sites), keeping each site's outcome so the dialog can list
// it and retry the ones that failed. One the server says it does not have (someone deleted it
// meanwhile: 404 `not_found`) is what the person wanted, so it is reported as already gone,
// not as a failure, and never retried. The table asks core again once a run ends (core's own
// push follows each delete too), so deleted rows leave it without the renderer holding a list.
import { computed, ref, shallowRef } from 'vue'
import type { AppError } from '../../../shared'
import type { RowKey } from '../../../shared/scope'
import type { TableRow, TableSite } from '../../../shared/sites-query'
import { useSitesStore } from '../stores/sites'
import { useSiteWindowStore } from '../stores/site-window'

export type DeleteState = 'pending' | 'deleting' | 'deleted' | 'gone' | 'failed' | 'cancelled'

export interface DeleteItem {
  key: RowKey
  accountId: string
  /** What the list shows of it and its delete needs (its id). */
  site: TableSite
  state: DeleteState
  error: AppError | null
  /** Deletes sent for it so far: a retry that fails again says so. */
  attempts: number
}

export interface RunSummary {
  /** Rows deleted in this run, or found gone already; they have left the list. */
  removedKeys: RowKey[]
  deleted: number
  gone: number
  failed: number
  cancelled: number
}

export function useBulkDeleteInAccounts() {
  const sites = useSitesStore()
  const siteWindow = useSiteWindowStore()

  const items = ref<DeleteItem[]>([])
  const running = ref(false)
  const stopping = ref(false)
  /** The run under way: its position and size ("Deleting 3 of 12…"). */
  const progress = shallowRef<{ at: number; of: number } | null>(null)

  const count = (state: DeleteState) => computed(() => items.value.filter((i) => i.state === state).length)
  const deleted = count('deleted')
  const gone = count('gone')
  const failed = count('failed')
  const cancelled = count('cancelled')

  /** Starts over with these rows, all pending. */
  function prepare(rows: readonly TableRow[]): void {
    items.value = rows.map((row) => ({ key: row.key, accountId: row.accountId, site: row.site, state: 'pending', error: null, attempts: 0 }))
    progress.value = null
    stopping.value = false
  }

  async function deleteEach(batch: DeleteItem[]): Promise<RunSummary> {
    running.value = true
    stopping.value = false
    const summary: RunSummary = { removedKeys: [], deleted: 0, gone: 0, failed: 0, cancelled: 0 }
    for (const [index, item] of batch.entries()) {
      if (stopping.value) {
        for (const rest of batch.slice(index)) rest.state = 'cancelled'
        summary.cancelled = batch.length - index
        break
      }
      progress.value = { at: index + 1, of: batch.length }
      item.state = 'deleting'
      item.error = null
      item.attempts += 1
      const result = await sites.deleteOne(item.accountId, item.site.id)
      if (result.ok) {
        item.state = 'deleted'
        summary.deleted += 1
        summary.removedKeys.push(item.key)
      } else if (result.error.code === 'not_found') {
        item.state = 'gone'
        summary.gone += 1
        summary.removedKeys.push(item.key)
      } else {
        item.state = 'failed'
        item.error = result.error
        summary.failed += 1
      }
    }
    running.value = false
    stopping.value = false
    progress.value = null
    if (summary.removedKeys.length > 0) siteWindow.refresh()
    return summary
  }

  /** Deletes every pending site of the list, in order. */
  function run(): Promise<RunSummary> {
    return deleteEach(items.value.filter((i) => i.state === 'pending'))
  }

  /** Tries the failed ones again; the deleted, gone and cancelled stay as they are. */
  function retryFailed(): Promise<RunSummary> {
    const again = items.value.filter((i) => i.state === 'failed')
    for (const item of again) item.state = 'pending'
    return deleteEach(again)
  }

  /** Stops after the site being deleted now; the rest are left alone. */
  function cancel(): void {
    if (running.value) stopping.value = true
  }

  return { items, running, stopping, progress, deleted, gone, failed, cancelled, prepare, run, retryFailed, cancel }
}

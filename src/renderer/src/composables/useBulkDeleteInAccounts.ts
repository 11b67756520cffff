// Deletes several sites, each in its own account (rows of the All accounts scope carry theirs;
// a plain site is of the account given), one request at a time (the API has no bulk delete, and one at a time
// keeps within its rate limit and lets the person stop between sites), keeping each site's
// outcome so the dialog can list it and retry the ones that failed. A site leaves the table
// as soon as the server said yes. One the server says it does not have (someone deleted it
// meanwhile) is reported as failed and stays listed, and selected, while the outcome is on
// screen (so the person sees which it was); forgetGone() takes it out when the dialog closes.
import { computed, ref, shallowRef } from 'vue'
import type { AppError, Site } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { siteRefOf } from '../lib/account-rows'
import { useWorkspaceStore } from '../stores/workspace'

export type DeleteState = 'pending' | 'deleting' | 'deleted' | 'failed' | 'cancelled'

export interface DeleteItem {
  site: Site
  state: DeleteState
  error: AppError | null
  /** Deletes sent for it so far: a retry that fails again says so. */
  attempts: number
}

export interface RunSummary {
  /** Sites (their row ids in the list they came from) deleted in this run; they have left the list. */
  removedIds: number[]
  deleted: number
  failed: number
  cancelled: number
}

export function useBulkDeleteInAccounts() {
  const api = useApi()
  const workspace = useWorkspaceStore()

  const items = ref<DeleteItem[]>([])
  const running = ref(false)
  const stopping = ref(false)
  /** The run under way: its position and size ("Deleting 3 of 12…"). */
  const progress = shallowRef<{ at: number; of: number } | null>(null)

  const count = (state: DeleteState) => computed(() => items.value.filter((i) => i.state === state).length)
  const deleted = count('deleted')
  const failed = count('failed')
  const cancelled = count('cancelled')

  /** Starts over with these sites, all pending. */
  function prepare(sites: readonly Site[]): void {
    items.value = sites.map((site) => ({ site, state: 'pending', error: null, attempts: 0 }))
    progress.value = null
    stopping.value = false
  }

  /** `fallbackAccountId`: the account of plain sites (not rows of the All scope). */
  async function deleteEach(fallbackAccountId: string | null, batch: DeleteItem[]): Promise<RunSummary> {
    running.value = true
    stopping.value = false
    const summary: RunSummary = { removedIds: [], deleted: 0, failed: 0, cancelled: 0 }
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
      const { accountId, siteId } = siteRefOf(item.site, fallbackAccountId)
      const result = accountId
        ? await call(() => api.sitesDelete({ accountId, siteId }))
        : ({ ok: false, error: { code: 'invalid_input', message: 'No account is selected.' } } as const)
      if (result.ok) {
        item.state = 'deleted'
        summary.deleted += 1
        // It leaves the list now, not when core's push has been read.
        if (accountId) workspace.dropSite(accountId, siteId)
        summary.removedIds.push(item.site.id)
      } else {
        item.state = 'failed'
        item.error = result.error
        summary.failed += 1
      }
    }
    running.value = false
    stopping.value = false
    progress.value = null
    return summary
  }

  /** Deletes every pending site of the list, in order. */
  function run(accountId: string | null): Promise<RunSummary> {
    return deleteEach(accountId, items.value.filter((i) => i.state === 'pending'))
  }

  /** Tries the failed ones again; the deleted and cancelled stay as they are. */
  function retryFailed(accountId: string | null): Promise<RunSummary> {
    const again = items.value.filter((i) => i.state === 'failed')
    for (const item of again) item.state = 'pending'
    return deleteEach(accountId, again)
  }

  /** Stops after the site being deleted now; the rest are left alone. */
  function cancel(): void {
    if (running.value) stopping.value = true
  }

  /**
   * Takes the sites the server said it does not have out of the list (it would drop them at
   * the next sync anyway); answers their ids.
   */
  function forgetGone(fallbackAccountId: string | null): number[] {
    const gone = items.value.filter((i) => i.state === 'failed' && i.error?.code === 'not_found').map((i) => i.site)
    for (const site of gone) {
      const { accountId, siteId } = siteRefOf(site, fallbackAccountId)
      if (accountId) workspace.dropSite(accountId, siteId)
    }
    return gone.map((site) => site.id)
  }

  return { forgetGone, items, running, stopping, progress, deleted, failed, cancelled, prepare, run, retryFailed, cancel }
}

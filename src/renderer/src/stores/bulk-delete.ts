// The window's side of a bulk delete, a job of core's (core/bulk): the job's id, its progress
// (core's `bulk:progress` pushes and the answers of its calls, the newer kept) and the page of its
// sites the dialog shows, read from core a page at a time, never the whole list: a delete of
// 50,000 selected rows holds a few hundred of them here at most. One job at a time: preparing
// another forgets the last, and so does closing the dialog.
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { Result } from '../../../shared'
import type { RowKey } from '../../../shared/scope'
import { MAX_BULK_DELETE_PAGE, type BulkDeleteItem, type BulkDeleteProgress, type BulkDeleteRequest, type BulkDeleteState } from '../../../shared/bulk-delete'
import { useApi } from '../lib/api'
import { call } from '../lib/call'

/** Sites shown at first, and added by each "Show more". */
export const BULK_LIST_STEP = 100
/** The most sites the window holds at once. */
export const BULK_LIST_MAX = 500

export const useBulkDeleteStore = defineStore('bulk-delete', () => {
  const api = useApi()

  const jobId = ref<string | null>(null)
  /** The job names its rows by key (a selection the window holds): its removed keys can be asked for. */
  const byKeys = ref(false)
  const progress = shallowRef<BulkDeleteProgress | null>(null)
  /** The sites shown: the first `shown` of those in `states` (all without any), in the job's order. */
  const items = shallowRef<BulkDeleteItem[]>([])
  /** How many of the job's sites are in `states`. */
  const matching = ref(0)
  const shown = ref(BULK_LIST_STEP)
  const states = ref<readonly BulkDeleteState[]>([])
  /** The read of the shown sites under way; another is wanted once it ends. */
  let reading: Promise<void> | null = null
  let readAgain = false

  /** Keeps the newer of what core said about the current job. */
  function noteProgress(next: BulkDeleteProgress): void {
    if (next.jobId !== jobId.value) return
    const now = progress.value
    if (now === null || now.jobId !== next.jobId || next.step >= now.step) progress.value = next
  }

  /**
   * Reads the shown sites again: one read at a time, and a change meanwhile reads once more
   * after it (the answer settles when what is shown is as new as the last change asked).
   */
  function readItems(): Promise<void> {
    readAgain = true
    reading ??= (async () => {
      try {
        while (readAgain) {
          readAgain = false
          await readShown()
        }
      } finally {
        reading = null
      }
    })()
    return reading
  }

  async function readShown(): Promise<void> {
    const job = jobId.value
    if (job === null) return
    const wanted = states.value
    const read: BulkDeleteItem[] = []
    let total = 0
    for (let offset = 0; offset < shown.value; offset += MAX_BULK_DELETE_PAGE) {
      const limit = Math.min(MAX_BULK_DELETE_PAGE, shown.value - offset)
      const result = await call(() => api.bulkDeleteItems({ jobId: job, offset, limit, ...(wanted.length > 0 ? { states: [...wanted] } : {}) }))
      // Another job or filter meanwhile: this read is of no use.
      if (!result.ok || job !== jobId.value || wanted !== states.value) return
      read.push(...result.value.items)
      total = result.value.matching
      noteProgress(result.value.progress)
      if (result.value.items.length < limit) break
    }
    items.value = read
    matching.value = total
  }

  /** A new job of these sites (the last one forgotten), its first page read. */
  async function prepare(request: BulkDeleteRequest): Promise<Result<{ total: number }>> {
    await forget()
    const result = await call(() => api.bulkDeletePrepare(request))
    if (!result.ok) return result
    jobId.value = result.value.jobId
    byKeys.value = request.query.keys !== undefined
    shown.value = BULK_LIST_STEP
    states.value = []
    await readItems()
    return { ok: true, value: { total: result.value.total } }
  }

  async function act(request: (jobId: string) => Promise<Result<BulkDeleteProgress>>): Promise<Result<BulkDeleteProgress>> {
    const job = jobId.value
    if (job === null) return { ok: false, error: { code: 'not_found', message: 'There are no sites to delete.' } }
    const result = await call(() => request(job))
    if (result.ok) {
      noteProgress(result.value)
      void readItems()
    }
    return result
  }

  /** Deletes every pending site; answers as the run begins (its end comes as progress). */
  const run = () => act((job) => api.bulkDeleteRun({ jobId: job }))
  /** Deletes again only the sites that failed. */
  const retryFailed = () => act((job) => api.bulkDeleteRetryFailed({ jobId: job }))
  /** Stops after the site being deleted. */
  const stop = () => act((job) => api.bulkDeleteStop({ jobId: job }))

  /** The rows the job deleted or found gone, for a job of keys; none for a job of every matching row. */
  async function removedKeys(): Promise<RowKey[]> {
    const job = jobId.value
    if (job === null || !byKeys.value) return []
    const result = await call(() => api.bulkDeleteRemoved({ jobId: job }))
    return result.ok ? (result.value ?? []) : []
  }

  /** Shows more of the list, up to BULK_LIST_MAX. */
  function showMore(): Promise<void> {
    shown.value = Math.min(BULK_LIST_MAX, shown.value + BULK_LIST_STEP)
    return readItems()
  }

  /** Shows only the sites in these states (none: all), from the top. */
  function showStates(next: readonly BulkDeleteState[]): Promise<void> {
    states.value = next
    shown.value = BULK_LIST_STEP
    items.value = []
    return readItems()
  }

  /** Forgets the job here and in core (only `which`, when named and still the current one). */
  async function forget(which?: string): Promise<void> {
    const job = jobId.value
    if (which !== undefined && which !== job) return
    jobId.value = null
    progress.value = null
    items.value = []
    matching.value = 0
    states.value = []
    if (job !== null) await call(() => api.bulkDeleteForget({ jobId: job }))
  }

  api.on('bulk:progress', (next) => {
    if (next.jobId !== jobId.value) return
    noteProgress(next)
    void readItems()
  })

  return { jobId, byKeys, progress, items, matching, shown, states, prepare, refresh: readItems, run, retryFailed, stop, removedKeys, showMore, showStates, forget }
})

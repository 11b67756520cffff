// One bulk delete: the sites a selection resolved to, in the table's order, each with what
// became of it. A run deletes the pending ones one request at a time (the API has no bulk
// delete, and one at a time keeps within its rate limit and lets the person stop between
// sites), each through the path a single delete takes (sites:delete: the server, then the
// store, then a sync). A site the server says it does not have (404: someone deleted it
// meanwhile) is what the person wanted: "gone", not a failure, never tried again. Stop takes
// effect between two sites, the rest of the run becoming "cancelled"; Retry failed runs only
// the failed ones again. Counts are kept as states change, so progress costs nothing to answer.
import {
  BULK_DELETE_STATES,
  type BulkDeleteCounts,
  type BulkDeleteItem,
  type BulkDeletePage,
  type BulkDeleteProgress,
  type BulkDeleteState,
} from '../../shared/bulk-delete'
import { internalError, type AppError, type Result, type RowKey } from '../../shared'
import { appError } from '../errors'

/** A site to delete, as the job keeps it: its row's key, its account and id, and what the list shows. */
export interface DeleteTarget {
  key: RowKey
  accountId: string
  siteId: number
  name: string
  url: string
}

/** Deletes one site as sites:delete does, answering its Result. */
export type DeleteSite = (accountId: string, siteId: number) => Promise<Result<void>>

/** Tells the store a site the server no longer has is gone, as a sync would. */
export type SiteGone = (accountId: string, siteId: number) => void

interface Entry extends DeleteTarget {
  state: BulkDeleteState
  error: AppError | null
  attempts: number
}

/** What a job tells whoever pushes its progress: a run's start or end (`edge`), or a step. */
export type JobChange = 'edge' | 'step'

export interface DeleteJobOptions {
  id: string
  targets: Iterable<DeleteTarget>
  deleteSite: DeleteSite
  siteGone?: SiteGone
  onChange: (change: JobChange) => void
  /** The job names its rows by key (a selection the window holds): its removed keys are answered. */
  byKeys: boolean
}

/** A 404 from the server itself (it carries the status), not an account that is no longer there. */
function serverHasNoSuchSite(error: AppError): boolean {
  return error.code === 'not_found' && error.status !== undefined
}

export class DeleteJob {
  readonly id: string
  readonly byKeys: boolean
  private readonly entries: Entry[] = []
  private readonly counts = Object.fromEntries(BULK_DELETE_STATES.map((state) => [state, 0])) as BulkDeleteCounts
  private readonly deleteSite: DeleteSite
  private readonly siteGone: SiteGone
  private readonly onChange: (change: JobChange) => void
  private at = 0
  private of = 0
  private running = false
  private stopping = false
  private runs = 0
  private step = 0
  private current: Promise<void> = Promise.resolve()

  constructor(options: DeleteJobOptions) {
    this.id = options.id
    this.byKeys = options.byKeys
    this.deleteSite = options.deleteSite
    this.siteGone = options.siteGone ?? (() => {})
    this.onChange = options.onChange
    for (const target of options.targets) {
      this.entries.push({ key: target.key, accountId: target.accountId, siteId: target.siteId, name: target.name, url: target.url, state: 'pending', error: null, attempts: 0 })
    }
    this.counts.pending = this.entries.length
  }

  get total(): number {
    return this.entries.length
  }

  get isRunning(): boolean {
    return this.running
  }

  progress(): BulkDeleteProgress {
    return { jobId: this.id, total: this.entries.length, at: this.at, of: this.of, counts: { ...this.counts }, running: this.running, stopping: this.stopping, runs: this.runs, step: this.step }
  }

  /** The items of these states (all without any), from `offset`, at most `limit`, in the job's order. */
  page(offset: number, limit: number, states: readonly BulkDeleteState[] = []): BulkDeletePage {
    const wanted = states.length === 0 ? null : new Set(states)
    const matching = wanted === null ? this.entries.length : [...wanted].reduce((sum, state) => sum + this.counts[state], 0)
    const items: BulkDeleteItem[] = []
    let seen = 0
    for (let index = 0; index < this.entries.length && items.length < limit; index++) {
      const entry = this.entries[index]!
      if (wanted !== null && !wanted.has(entry.state)) continue
      if (seen++ < offset) continue
      items.push({ index, ...entry, error: entry.error === null ? null : { ...entry.error } })
    }
    return { items, matching, progress: this.progress() }
  }

  /** Deletes every pending site, in order; answers once the run has begun. */
  run(): BulkDeleteProgress {
    return this.begin(this.indicesOf('pending'))
  }

  /** Runs again only the failed sites; the deleted, gone and cancelled stay as they are. */
  retryFailed(): BulkDeleteProgress {
    const again = this.indicesOf('failed')
    this.refuseWhileRunning()
    for (const index of again) this.move(this.entries[index]!, 'pending')
    return this.begin(again)
  }

  /** Stops the run after the site being deleted now. */
  stop(): BulkDeleteProgress {
    if (this.running && !this.stopping) {
      this.stopping = true
      this.changed('step')
    }
    return this.progress()
  }

  /** The keys of the rows deleted or found gone. */
  removedKeys(): RowKey[] {
    return this.entries.filter((e) => e.state === 'deleted' || e.state === 'gone').map((e) => e.key)
  }

  /** Settles when the run under way (if any) has ended. */
  settled(): Promise<void> {
    return this.current
  }

  private indicesOf(state: BulkDeleteState): number[] {
    const found: number[] = []
    for (const [index, entry] of this.entries.entries()) if (entry.state === state) found.push(index)
    return found
  }

  private refuseWhileRunning(): void {
    if (this.running) throw appError({ code: 'invalid_input', message: 'These sites are being deleted already; wait for the run to end or stop it.' })
  }

  private begin(batch: number[]): BulkDeleteProgress {
    this.refuseWhileRunning()
    if (batch.length === 0) return this.progress()
    this.running = true
    this.stopping = false
    this.runs++
    this.at = 0
    this.of = batch.length
    this.changed('edge')
    this.current = this.deleteEach(batch)
    return this.progress()
  }

  private async deleteEach(batch: number[]): Promise<void> {
    try {
      for (const [position, index] of batch.entries()) {
        if (this.stopping) {
          for (const rest of batch.slice(position)) this.move(this.entries[rest]!, 'cancelled')
          break
        }
        const entry = this.entries[index]!
        this.at = position + 1
        entry.error = null
        entry.attempts++
        this.move(entry, 'deleting')
        this.changed('step')
        const result = await this.deleteSite(entry.accountId, entry.siteId).catch((): Result<void> => ({ ok: false, error: internalError() }))
        if (result.ok) this.move(entry, 'deleted')
        else if (serverHasNoSuchSite(result.error)) {
          this.move(entry, 'gone')
          this.siteGone(entry.accountId, entry.siteId)
        } else {
          entry.error = result.error
          this.move(entry, 'failed')
        }
        this.changed('step')
      }
    } finally {
      this.running = false
      this.stopping = false
      this.changed('edge')
    }
  }

  private changed(change: JobChange): void {
    this.step++
    this.onChange(change)
  }

  private move(entry: Entry, state: BulkDeleteState): void {
    this.step++
    this.counts[entry.state]--
    this.counts[state]++
    entry.state = state
  }
}

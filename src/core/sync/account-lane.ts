// One account's jobs and their cancellation, apart from what the jobs do (account-sync.ts):
// full and events-only syncs run one after another in the lane; the background backfill runs
// only while the lane is empty and is stopped before anything else enters it; one-site tasks
// run beside the lane. Every job has its own AbortController, so a cancel reaches exactly the
// jobs it names.
import type { SyncState } from '../../shared'
import { AppErrorException } from '../errors'
import { SerialQueue } from '../util/serial-queue'

export interface LaneJob<T> {
  controller: AbortController
  promise: Promise<T>
}

export interface FullSyncJob extends LaneJob<SyncState> {
  /** Started reading: a change made now may be missing from what it reads. */
  reading: boolean
}

export class AccountLane {
  private readonly queue = new SerialQueue()
  private queued = 0
  private full: FullSyncJob | null = null
  private readonly eventJobs = new Set<LaneJob<void>>()
  /** An events-only sync is queued and has not started: another would read the same. */
  private eventsQueued = false
  private backfill: LaneJob<void> | null = null
  /** One-site refreshes and read-backs: stopped with the account, not by cancel(). */
  private readonly tasks = new Set<LaneJob<unknown>>()
  private stopped = false

  /** `idle` runs whenever the lane empties (the backfill may go on then). */
  constructor(private readonly idle: () => void) {}

  /** No more work is taken: the account is gone or the app is closing. */
  get closed(): boolean {
    return this.stopped
  }

  /** The full sync queued or under way, if any. */
  get fullSync(): FullSyncJob | null {
    return this.full
  }

  /** Whether a backfill may start now: nothing in the lane, none running, not closed. */
  get backfillMayStart(): boolean {
    return !this.stopped && this.backfill === null && this.queued === 0
  }

  /**
   * The full sync queued or under way, else a new one running `run` in the lane; a throw is
   * answered by `failed`. `settled` runs once the job has left the lane.
   */
  fullSyncJob(run: (job: FullSyncJob) => Promise<SyncState>, failed: (thrown: unknown) => SyncState, settled: () => void): Promise<SyncState> {
    if (this.full) return this.full.promise
    const job: FullSyncJob = { controller: new AbortController(), reading: false, promise: Promise.resolve(null as never) }
    this.full = job
    job.promise = this.exclusive(() => run(job))
      .catch(failed)
      .then((state) => {
        if (this.full === job) this.full = null
        settled()
        return state
      })
    return job.promise
  }

  /**
   * An events-only sync in the lane, unless one is queued and not started, or a full sync that
   * has not begun reading (it reads the newest events anyway) is queued. Its failure is dropped:
   * it is a nicety on top of the full syncs, and the next one reads again.
   */
  queueEventsSync(run: (signal: AbortSignal) => Promise<void>): void {
    if (this.stopped || this.eventsQueued) return
    if (this.full && !this.full.reading) return
    this.eventsQueued = true
    const job: LaneJob<void> = { controller: new AbortController(), promise: Promise.resolve() }
    job.promise = this.exclusive(async () => {
      this.eventsQueued = false
      await run(job.controller.signal)
    })
      .catch(() => undefined)
      .finally(() => this.eventJobs.delete(job))
    this.eventJobs.add(job)
  }

  /** Runs `run` as the backfill if it may start (backfillMayStart); a failure waits for the next start. */
  startBackfill(run: (signal: AbortSignal) => Promise<void>): void {
    if (!this.backfillMayStart) return
    const job: LaneJob<void> = { controller: new AbortController(), promise: Promise.resolve() }
    job.promise = run(job.controller.signal)
      .catch(() => undefined)
      .finally(() => {
        if (this.backfill === job) this.backfill = null
      })
    this.backfill = job
  }

  /** Work beside the lane (a one-site refresh), stopped by interrupt() and close() only. */
  async task<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.stopped) throw new AppErrorException({ code: 'cancelled', message: 'The account is being closed; nothing was read.' })
    const controller = new AbortController()
    const job: LaneJob<T> = { controller, promise: work(controller.signal) }
    this.tasks.add(job)
    try {
      return await job.promise
    } finally {
      this.tasks.delete(job)
    }
  }

  /** Stops the full and events-only syncs under way or queued; the backfill resumes later. */
  async cancel(): Promise<void> {
    const full = this.full
    full?.controller.abort()
    for (const job of this.eventJobs) job.controller.abort()
    await Promise.allSettled([full?.promise, ...[...this.eventJobs].map((job) => job.promise)])
  }

  /** Stops everything under way: work started from now on is new. */
  async interrupt(): Promise<void> {
    this.backfill?.controller.abort()
    for (const task of this.tasks) task.controller.abort()
    await Promise.allSettled([this.cancel(), this.backfill?.promise, ...[...this.tasks].map((task) => task.promise)])
  }

  /** Stops everything and takes no more work. */
  async close(): Promise<void> {
    this.stopped = true
    await this.interrupt()
  }

  /** Runs work in the lane: after the work before it, with the backfill stopped. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    this.queued++
    return this.queue.run(async () => {
      try {
        await this.stopBackfill()
        return await work()
      } finally {
        this.queued--
        if (this.queued === 0) this.idle()
      }
    })
  }

  private async stopBackfill(): Promise<void> {
    const job = this.backfill
    if (!job) return
    job.controller.abort()
    await job.promise
  }
}

// The bulk deletes core holds, by id, until the window forgets them (its dialog closed). A
// window keeps one at a time (it forgets its last before preparing the next); core keeps a few
// at most whatever the windows do, a new one forgetting the oldest that is not running, so a
// page that never says goodbye cannot make core hold lists without end. Each job's progress is
// pushed through its own throttle.
import type { BulkDeleteProgress } from '../../shared/bulk-delete'
import { appError } from '../errors'
import { DeleteJob, type DeleteSite, type DeleteTarget, type SiteGone } from './delete-job'
import { PUSH_INTERVAL_MS, ThrottledPush, type PushClock } from './throttled-push'

/** Jobs kept at once: a window or two, each with its one. */
export const MAX_DELETE_JOBS = 4

export interface DeleteJobsOptions {
  deleteSite: DeleteSite
  siteGone?: SiteGone
  push: (progress: BulkDeleteProgress) => void
  maxJobs?: number
  pushIntervalMs?: number
  clock?: PushClock
}

export class DeleteJobs {
  /** Oldest first. */
  private readonly jobs = new Map<string, { job: DeleteJob; pushes: ThrottledPush }>()

  constructor(private readonly options: DeleteJobsOptions) {}

  /** A new job of these sites, all pending. */
  add(targets: Iterable<DeleteTarget>, byKeys: boolean): DeleteJob {
    this.makeRoom()
    const id = crypto.randomUUID()
    const pushes = new ThrottledPush(() => this.options.push(job.progress()), this.options.pushIntervalMs ?? PUSH_INTERVAL_MS, this.options.clock)
    const job: DeleteJob = new DeleteJob({
      id,
      targets,
      byKeys,
      deleteSite: this.options.deleteSite,
      ...(this.options.siteGone ? { siteGone: this.options.siteGone } : {}),
      // A forgotten job's last steps are not pushed: no window follows it.
      onChange: (change) => {
        if (!this.jobs.has(id)) return
        if (change === 'edge') pushes.edge()
        else pushes.change()
      },
    })
    this.jobs.set(id, { job, pushes })
    return job
  }

  /** The job of this id; not_found when core does not hold it (forgotten, or never made). */
  get(jobId: string): DeleteJob {
    const held = this.jobs.get(jobId)
    if (held === undefined) throw appError({ code: 'not_found', message: 'This bulk delete is no longer known to the app; select the sites and start again.' })
    return held.job
  }

  /** Forgets the job; one still running stops after the site being deleted. */
  forget(jobId: string): void {
    const held = this.jobs.get(jobId)
    if (held === undefined) return
    this.jobs.delete(jobId)
    held.pushes.cancel()
    held.job.stop()
  }

  /** Stops every job and forgets it (core is closing); settles when their runs have ended. */
  async stopAll(): Promise<void> {
    const held = [...this.jobs.values()]
    for (const { job } of held) this.forget(job.id)
    await Promise.all(held.map(({ job }) => job.settled()))
  }

  private makeRoom(): void {
    const max = this.options.maxJobs ?? MAX_DELETE_JOBS
    if (this.jobs.size < max) return
    const idle = [...this.jobs.values()].find(({ job }) => !job.isRunning)
    if (idle === undefined) throw appError({ code: 'invalid_input', message: 'Other sites are being deleted; wait for that to end or stop it first.' })
    this.forget(idle.job.id)
  }
}

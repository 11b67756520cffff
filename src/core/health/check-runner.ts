// Runs one cycle's checks: at most `concurrency` at once, two checks of one host never started
// closer than the spacing (interleaved by host, so a host's checks are far apart in the queue
// and a wait for one host holds up one worker only), each under a hard deadline so that no
// check can hang a cycle. Adaptive: when the cycle's checks would not finish within the
// interval at the base concurrency (from the time checks have been taking), it raises the
// concurrency up to its maximum.
import type { SyncClock } from '../sync/sync-clock'
import type { CheckOutcome } from './check-outcome'
import { timeSlicer, type Slicer } from '../util/time-slicer'

export interface HealthJob {
  accountId: string
  siteId: number
  /** For the spacing: checks of one host are spaced apart. */
  host: string
  /** Aborted at the job's deadline; the job should answer well before it. */
  run(signal: AbortSignal): Promise<CheckOutcome | null>
}

export interface RunnerOptions {
  clock: SyncClock
  /** Checks at once (default 16). */
  concurrency?: number
  /** The most the adaptive rule may raise it to (default 128). */
  maxConcurrency?: number
  /** The least time between two checks of one host starting (default 1 s). */
  hostSpacingMs?: number
  /** A job still running after this is abandoned (default 30 s). */
  jobDeadlineMs?: number
  /** A job that throws (a bug, or the loopback-only network's refusal): written down, no outcome. */
  onError?: (error: unknown, job: HealthJob) => void
  /** Gives the event loop a turn now and then (default: once 16 ms of work has passed, core/util/time-slicer.ts). */
  slicer?: () => Slicer
}

export interface CycleReport {
  jobs: number
  outcomes: number
  concurrency: number
  wallMs: number
}

export const DEFAULT_CONCURRENCY = 16
/** The share of the interval a cycle may take before the concurrency is raised. */
const INTERVAL_SHARE = 0.8

export class CheckRunner {
  /** Recent milliseconds per check, for the adaptive rule (an average that forgets slowly). */
  private averageJobMs: number | null = null

  constructor(private readonly options: RunnerOptions) {}

  /** The concurrency a cycle of `jobs` checks gets so that it ends within the interval. */
  concurrencyFor(jobs: number, intervalMs: number, baseConcurrency?: number): number {
    const base = this.options.concurrency ?? baseConcurrency ?? DEFAULT_CONCURRENCY
    const max = Math.max(base, this.options.maxConcurrency ?? 128)
    if (this.averageJobMs === null || jobs === 0) return base
    const needed = Math.ceil((jobs * this.averageJobMs) / (intervalMs * INTERVAL_SHARE))
    return Math.min(max, Math.max(base, needed))
  }

  /** `baseConcurrency`: the person's setting, unless the runner was given one (the bench, tests). */
  async run(jobs: readonly HealthJob[], intervalMs: number, onOutcome: (job: HealthJob, outcome: CheckOutcome) => void, signal?: AbortSignal, baseConcurrency?: number): Promise<CycleReport> {
    const { clock } = this.options
    const started = clock.now()
    const queue = interleaveByHost(jobs)
    const concurrency = Math.min(Math.max(1, queue.length), this.concurrencyFor(queue.length, intervalMs, baseConcurrency))
    const spacing = this.options.hostSpacingMs ?? 1000
    const hostFreeAt = new Map<string, number>()
    let next = 0
    let outcomes = 0
    // Checks that settle without waiting on the network (refused, failed at once, simulated)
    // would run the whole queue in one turn of the event loop: at 10,000 sites that held core
    // for over 2 s, every window's query waiting behind it. Between two jobs a worker gives the
    // event loop a turn once a slice is spent; checks that wait on the network never need to.
    const slice = (this.options.slicer ?? timeSlicer)()
    const worker = async (): Promise<void> => {
      while (next < queue.length && !signal?.aborted) {
        await slice()
        if (next >= queue.length || signal?.aborted) return
        const job = queue[next++] as HealthJob
        const wait = (hostFreeAt.get(job.host) ?? 0) - clock.now()
        hostFreeAt.set(job.host, Math.max(clock.now(), hostFreeAt.get(job.host) ?? 0) + spacing)
        if (wait > 0) await clock.sleep(wait, signal).catch(() => undefined)
        if (signal?.aborted) return
        const jobStarted = clock.now()
        const outcome = await this.runOne(job, signal)
        this.learn(clock.now() - jobStarted)
        if (outcome) {
          outcomes++
          onOutcome(job, outcome)
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    return { jobs: queue.length, outcomes, concurrency, wallMs: clock.now() - started }
  }

  private async runOne(job: HealthJob, signal: AbortSignal | undefined): Promise<CheckOutcome | null> {
    const controller = new AbortController()
    const stop = (): void => controller.abort()
    signal?.addEventListener('abort', stop, { once: true })
    const cancelDeadline = this.options.clock.after(this.options.jobDeadlineMs ?? 30_000, stop)
    try {
      return await Promise.race([
        job.run(controller.signal),
        // A check that ignores its signal still ends the wait at the deadline.
        new Promise<null>((resolve) => controller.signal.addEventListener('abort', () => resolve(null), { once: true })),
      ])
    } catch (error) {
      this.options.onError?.(error, job)
      return null
    } finally {
      cancelDeadline()
      signal?.removeEventListener('abort', stop)
    }
  }

  private learn(ms: number): void {
    this.averageJobMs = this.averageJobMs === null ? ms : this.averageJobMs * 0.95 + ms * 0.05
  }
}

/** One job of each host in turn: a host's checks are as far apart in the queue as they can be. */
export function interleaveByHost(jobs: readonly HealthJob[]): HealthJob[] {
  const byHost = new Map<string, HealthJob[]>()
  for (const job of jobs) {
    const list = byHost.get(job.host)
    if (list) list.push(job)
    else byHost.set(job.host, [job])
  }
  const lists = [...byHost.values()]
  const out: HealthJob[] = []
  for (let round = 0; out.length < jobs.length; round++) {
    for (const list of lists) if (round < list.length) out.push(list[round] as HealthJob)
  }
  return out
}

import { describe, expect, it } from 'vitest'
import { CheckRunner, interleaveByHost, type HealthJob } from '../../../../src/core/health/check-runner'
import type { CheckOutcome } from '../../../../src/core/health/check-outcome'
import { ManualClock } from '../sync/support/manual-clock'
import { timeSlicer } from '../../../../src/core/util/time-slicer'

const ok: CheckOutcome = { check: 'dns', level: 'ok', cause: null, reason: 'ok', details: { kind: 'dns', addresses: [], expected: null } }

/** Lets every settled promise run its continuations, and a worker that gave the event loop a turn go on. */
async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve()
  await new Promise<void>((resolve) => setImmediate(resolve))
}

/** Runs the cycle to its end, moving the clock by `step` whenever everything waits on it. */
async function drive<T>(clock: ManualClock, running: Promise<T>, step: number): Promise<T> {
  let done = false
  const result = running.finally(() => {
    done = true
  })
  for (let i = 0; i < 10_000 && !done; i++) {
    await flush()
    if (!done) clock.advance(step)
  }
  return result
}

function jobs(count: number, clock: ManualClock, ms: number, host = (i: number) => `h${i}.test`, log?: { starts: [string, number][]; inFlight: number; max: number }): HealthJob[] {
  return Array.from({ length: count }, (_, i) => ({
    accountId: 'a',
    siteId: i + 1,
    host: host(i),
    run: async (signal) => {
      if (log) {
        log.starts.push([host(i), clock.now()])
        log.inFlight++
        log.max = Math.max(log.max, log.inFlight)
      }
      await clock.sleep(ms, signal)
      if (log) log.inFlight--
      return ok
    },
  }))
}

describe('CheckRunner', () => {
  it('keeps at most the concurrency in flight and runs every job', async () => {
    const clock = new ManualClock()
    const runner = new CheckRunner({ clock, concurrency: 16, hostSpacingMs: 0 })
    const log = { starts: [] as [string, number][], inFlight: 0, max: 0 }
    const outcomes: number[] = []
    const report = await drive(clock, runner.run(jobs(40, clock, 100, undefined, log), 300_000, (job) => outcomes.push(job.siteId)), 100)
    expect(log.max).toBe(16)
    expect(report).toMatchObject({ jobs: 40, outcomes: 40, concurrency: 16 })
    expect(report.wallMs).toBe(300)
    expect(outcomes.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
  })

  it("takes the person's concurrency setting when the runner was given none", async () => {
    const clock = new ManualClock()
    const runner = new CheckRunner({ clock, hostSpacingMs: 0 })
    const log = { starts: [] as [string, number][], inFlight: 0, max: 0 }
    const report = await drive(clock, runner.run(jobs(12, clock, 100, undefined, log), 300_000, () => undefined, undefined, 3), 100)
    expect(log.max).toBe(3)
    expect(report).toMatchObject({ jobs: 12, outcomes: 12, concurrency: 3 })
  })

  it('spaces two checks of one host, without holding up other hosts', async () => {
    const clock = new ManualClock()
    const runner = new CheckRunner({ clock, concurrency: 4, hostSpacingMs: 1000 })
    const log = { starts: [] as [string, number][], inFlight: 0, max: 0 }
    const start = clock.now()
    await drive(clock, runner.run(jobs(6, clock, 10, (i) => (i < 3 ? 'same.test' : `other${i}.test`), log), 300_000, () => undefined), 10)
    const same = log.starts.filter(([host]) => host === 'same.test').map(([, at]) => at - start)
    expect(same).toEqual([0, 1000, 2000])
    expect(log.starts.filter(([host]) => host !== 'same.test').every(([, at]) => at - start === 0)).toBe(true)
  })

  it('abandons a check that hangs at its deadline, and writes down one that throws', async () => {
    const clock = new ManualClock()
    const errors: unknown[] = []
    const runner = new CheckRunner({ clock, jobDeadlineMs: 5000, hostSpacingMs: 0, onError: (e) => errors.push(e) })
    const hang: HealthJob = { accountId: 'a', siteId: 1, host: 'x', run: () => new Promise(() => undefined) }
    const boom: HealthJob = { accountId: 'a', siteId: 2, host: 'y', run: () => Promise.reject(new Error('boom')) }
    const report = await drive(clock, runner.run([hang, boom], 300_000, () => undefined), 1000)
    expect(report).toMatchObject({ jobs: 2, outcomes: 0 })
    expect(report.wallMs).toBe(5000)
    expect(errors).toEqual([new Error('boom')])
  })

  it('raises its concurrency when a cycle would not end within the interval, up to its maximum', async () => {
    const clock = new ManualClock()
    const runner = new CheckRunner({ clock, concurrency: 16, maxConcurrency: 64, hostSpacingMs: 0 })
    expect(runner.concurrencyFor(10_000, 300_000)).toBe(16)
    // It learns that a check takes a second.
    await drive(clock, runner.run(jobs(16, clock, 1000), 300_000, () => undefined), 1000)
    // 1,000 checks of a second in 5 minutes: 16 at once take 63 s, well inside.
    expect(runner.concurrencyFor(1000, 300_000)).toBe(16)
    // 10,000 of them need ceil(10,000 s / 240 s) = 42 at once to end in 80 % of the interval.
    expect(runner.concurrencyFor(10_000, 300_000)).toBe(42)
    expect(runner.concurrencyFor(100_000, 300_000)).toBe(64)
    const report = await drive(clock, runner.run(jobs(2000, clock, 1000), 60_000, () => undefined), 1000)
    expect(report.concurrency).toBe(42)
    expect(report.wallMs).toBeLessThanOrEqual(60_000)
  })
})

describe('CheckRunner between two jobs', () => {
  it('gives the event loop a turn once a slice is spent, though the checks settle at once (refused, simulated)', async () => {
    const clock = new ManualClock()
    let now = 0
    const log: string[] = []
    const instant: HealthJob[] = Array.from({ length: 6 }, (_, i) => ({
      accountId: 'a',
      siteId: i + 1,
      host: `h${i}.test`,
      run: async () => {
        log.push(`check ${i + 1}`)
        // Each check's own work spends 10 ms of the slice; a request arrives during the second.
        now += 10
        if (i === 1) setImmediate(() => log.push('request served'))
        return ok
      },
    }))
    const runner = new CheckRunner({ clock, concurrency: 1, hostSpacingMs: 0, slicer: () => timeSlicer(16, () => now) })
    await runner.run(instant, 300_000, () => undefined)
    expect(log).toEqual(['check 1', 'check 2', 'request served', 'check 3', 'check 4', 'check 5', 'check 6'])
  })
})

describe('interleaveByHost', () => {
  it('takes one check of each host in turn', () => {
    const clock = new ManualClock()
    const list = jobs(5, clock, 1, (i) => (i < 3 ? 'a' : `b${i}`))
    expect(interleaveByHost(list).map((j) => j.host)).toEqual(['a', 'b3', 'b4', 'a', 'a'])
  })
})

// The account's lane on its own, with no sync in it: which jobs run when, and which a cancel,
// an interrupt or a close stops.
import { describe, expect, it } from 'vitest'
import type { SyncState } from '../../../../src/shared'
import { AccountLane } from '../../../../src/core/sync/account-lane'

const IDLE = { status: 'idle' } as SyncState
const FAILED = { status: 'failed' } as SyncState

/** A job that runs until its signal aborts or it is let go. */
function held() {
  let release: () => void = () => {}
  const started: string[] = []
  return {
    started,
    release: () => release(),
    run: (name: string) => (signal: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        started.push(name)
        release = resolve
        signal.addEventListener('abort', () => reject(new Error(`${name} aborted`)))
      }),
  }
}

describe('AccountLane', () => {
  it('answers the full sync queued or under way instead of starting another', async () => {
    const lane = new AccountLane(() => {})
    let runs = 0
    const first = lane.fullSyncJob(async () => (runs++, IDLE), () => FAILED, () => {})
    const second = lane.fullSyncJob(async () => (runs++, IDLE), () => FAILED, () => {})
    expect(second).toBe(first)
    expect(await first).toBe(IDLE)
    expect(runs).toBe(1)
    expect(lane.fullSync).toBeNull()
  })

  it('answers a throw through `failed`, and a cancel aborts the full sync', async () => {
    const lane = new AccountLane(() => {})
    const job = held()
    const settled: string[] = []
    const promise = lane.fullSyncJob(
      async (full) => {
        await job.run('full')(full.controller.signal)
        return IDLE
      },
      () => FAILED,
      () => settled.push('settled'),
    )
    await expect.poll(() => job.started).toEqual(['full'])
    await lane.cancel()
    expect(await promise).toBe(FAILED)
    expect(settled).toEqual(['settled'])
  })

  it('queues no events-only sync behind a full sync that has not begun reading, and one at most', async () => {
    const lane = new AccountLane(() => {})
    const job = held()
    let events = 0
    const full = lane.fullSyncJob(
      async (f) => {
        await job.run('full')(f.controller.signal)
        return IDLE
      },
      () => FAILED,
      () => {},
    )
    lane.queueEventsSync(async () => void events++)
    await expect.poll(() => job.started).toEqual(['full'])
    lane.fullSync!.reading = true
    lane.queueEventsSync(async () => void events++)
    lane.queueEventsSync(async () => void events++)
    job.release()
    await full
    await expect.poll(() => events).toBe(1)
  })

  it('stops the backfill before lane work, lets it start again once the lane is empty, and never during', async () => {
    let idle = 0
    const lane = new AccountLane(() => idle++)
    const backfill = held()
    lane.startBackfill(backfill.run('backfill'))
    expect(lane.backfillMayStart).toBe(false)
    await lane.fullSyncJob(async () => {
      expect(lane.backfillMayStart).toBe(false)
      return IDLE
    }, () => FAILED, () => {})
    expect(backfill.started).toEqual(['backfill'])
    expect(idle).toBe(1)
    expect(lane.backfillMayStart).toBe(true)
  })

  it('leaves tasks to interrupt and close; a closed lane takes no task', async () => {
    const lane = new AccountLane(() => {})
    const task = held()
    const running = lane.task(task.run('task'))
    await lane.cancel()
    expect(task.started).toEqual(['task'])
    await lane.interrupt()
    await expect(running).rejects.toThrow('task aborted')
    await lane.close()
    expect(lane.closed).toBe(true)
    await expect(lane.task(async () => 1)).rejects.toMatchObject({ appError: { code: 'cancelled' } })
    expect(lane.backfillMayStart).toBe(false)
  })
})

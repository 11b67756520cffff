import { describe, expect, it } from 'vitest'
import { readInSlices, timeSlicer } from '../../../../src/core/util/time-slicer'

/** Whether a macrotask queued now runs before `work` settles (the event loop had a turn). */
async function givesATurn(work: () => Promise<void>): Promise<boolean> {
  let ran = false
  setImmediate(() => (ran = true))
  await work()
  return ran
}

describe('timeSlicer', () => {
  it('returns without a turn while the budget lasts', async () => {
    let clock = 0
    const slice = timeSlicer(16, () => clock)
    clock = 15
    expect(await givesATurn(slice)).toBe(false)
  })

  it('gives the event loop a turn once the budget is spent, then starts a new slice', async () => {
    let clock = 0
    const slice = timeSlicer(16, () => clock)
    clock = 16
    expect(await givesATurn(slice)).toBe(true)
    clock = 20
    expect(await givesATurn(slice)).toBe(false)
    clock = 40
    expect(await givesATurn(slice)).toBe(true)
  })
})

describe('readInSlices', () => {
  it('reads every item in order, with nothing else run between warm reads', async () => {
    const log: string[] = []
    let clock = 0
    const reading = readInSlices(['a', 'b', 'c'], (item, at) => {
      log.push(`read ${item}`)
      clock += 1
      return `${item}${at}`
    }, timeSlicer(16, () => clock))
    setImmediate(() => log.push('other work'))
    expect(await reading).toEqual(['a0', 'b1', 'c2'])
    expect(log).toEqual(['read a', 'read b', 'read c'])
  })

  it('lets waiting work run between two reads once a read has spent the slice', async () => {
    const log: string[] = []
    let clock = 0
    const reading = readInSlices(['a', 'b', 'c'], (item) => {
      log.push(`read ${item}`)
      // A cold list: this read alone spends the slice, and a request arrives meanwhile.
      clock += 40
      if (item === 'a') setImmediate(() => log.push('request served'))
      return item
    }, timeSlicer(16, () => clock))
    await reading
    expect(log).toEqual(['read a', 'request served', 'read b', 'read c'])
  })
})

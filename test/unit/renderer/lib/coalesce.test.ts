import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { coalesce } from '../../../../src/renderer/src/lib/coalesce'
import { deferred } from '../support/fake-api'

describe('coalesce', () => {
  it('runs one task per key at a time and exactly once more for any number of asks meanwhile', async () => {
    const gates: Array<ReturnType<typeof deferred<void>>> = []
    const runs: string[] = []
    const reads = coalesce(async (key) => {
      runs.push(key)
      const gate = deferred<void>()
      gates.push(gate)
      await gate.promise
    })
    const first = reads.request('a')
    expect(reads.running('a')).toBe(true)
    void reads.request('a')
    void reads.request('a')
    void reads.request('b')
    expect(runs).toEqual(['a', 'b'])
    gates[0]!.resolve()
    await flushPromises()
    expect(runs).toEqual(['a', 'b', 'a'])
    gates[2]!.resolve()
    await first
    expect(runs).toEqual(['a', 'b', 'a'])
    expect(reads.running('a')).toBe(false)
    gates[1]!.resolve()
  })

  it('drops the extra run of a key that was forgotten', async () => {
    const gate = deferred<void>()
    let count = 0
    const reads = coalesce(async () => {
      count++
      await gate.promise
    })
    const run = reads.request('a')
    void reads.request('a')
    reads.forget('a')
    gate.resolve()
    await run
    expect(count).toBe(1)
  })
})

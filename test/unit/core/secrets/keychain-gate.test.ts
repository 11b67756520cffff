// The one gate every keychain call goes through: one call at a time, each answered within its
// deadline, and nothing new started while a call that overran is still out (it still holds a
// thread of Node's pool until the keychain returns). Fake timers stand in for the deadline.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KeychainGate } from '../../../../src/core/secrets/keychain-gate'

const DEADLINE = 4000

class NoAnswer extends Error {}

/** A call the test answers when it wants to; counts how many were started. */
function calls() {
  const started: string[] = []
  const answers = new Map<string, (value: string) => void>()
  return {
    started,
    call(name: string) {
      return () => {
        started.push(name)
        return new Promise<string>((resolve) => answers.set(name, resolve))
      }
    },
    answer(name: string, value = name) {
      answers.get(name)?.(value)
    },
  }
}

function settled<T>(promise: Promise<T>) {
  const state: { done: boolean; value?: T; error?: unknown } = { done: false }
  promise.then(
    (value) => Object.assign(state, { done: true, value }),
    (error: unknown) => Object.assign(state, { done: true, error }),
  )
  return state
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('KeychainGate', () => {
  it('runs one call at a time, in order', async () => {
    const gate = new KeychainGate({ deadlineMs: DEADLINE, noAnswer: () => new NoAnswer() })
    const c = calls()
    const a = settled(gate.run(c.call('a')))
    const b = settled(gate.run(c.call('b')))
    await vi.advanceTimersByTimeAsync(0)
    expect(c.started).toEqual(['a'])

    c.answer('a')
    await vi.advanceTimersByTimeAsync(0)
    expect(a.value).toBe('a')
    expect(c.started).toEqual(['a', 'b'])
    c.answer('b')
    await vi.advanceTimersByTimeAsync(0)
    expect(b.value).toBe('b')
  })

  it('answers a call that overruns its deadline, and every call behind it, with noAnswer; starts nothing else until it returns', async () => {
    const overruns: number[] = []
    const gate = new KeychainGate({ deadlineMs: DEADLINE, noAnswer: () => new NoAnswer(), onOverrun: () => overruns.push(1) })
    const c = calls()
    const stuck = settled(gate.run(c.call('stuck')))
    const behind = settled(gate.run(c.call('behind')))

    await vi.advanceTimersByTimeAsync(DEADLINE - 1)
    expect(stuck.done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(stuck.error).toBeInstanceOf(NoAnswer)
    // The call behind could only start once the stuck one returns: it is answered now rather
    // than after a deadline of its own.
    expect(behind.error).toBeInstanceOf(NoAnswer)
    expect(overruns).toHaveLength(1)

    // While the stuck call is out, a new call fails at once and starts nothing.
    const later = settled(gate.run(c.call('later')))
    await vi.advanceTimersByTimeAsync(0)
    expect(later.error).toBeInstanceOf(NoAnswer)
    expect(c.started).toEqual(['stuck'])

    // The keychain answers at last (the person unlocked it): the gate works again.
    c.answer('stuck')
    await vi.advanceTimersByTimeAsync(0)
    const again = settled(gate.run(c.call('again')))
    await vi.advanceTimersByTimeAsync(0)
    expect(c.started).toEqual(['stuck', 'again'])
    c.answer('again')
    await vi.advanceTimersByTimeAsync(0)
    expect(again.value).toBe('again')
  })

  it('counts the deadline from the moment a call is asked for, also while it waits its turn', async () => {
    const gate = new KeychainGate({ deadlineMs: DEADLINE, noAnswer: () => new NoAnswer() })
    const c = calls()
    const first = settled(gate.run(c.call('first')))
    await vi.advanceTimersByTimeAsync(DEADLINE / 2)
    const second = settled(gate.run(c.call('second')))
    c.answer('first')
    await vi.advanceTimersByTimeAsync(0)
    expect(first.value).toBe('first')

    // The second started late but is still answered within its own deadline.
    await vi.advanceTimersByTimeAsync(DEADLINE)
    expect(second.error).toBeInstanceOf(NoAnswer)
  })

  it('passes a failure through and goes on with the next call', async () => {
    const gate = new KeychainGate({ deadlineMs: DEADLINE, noAnswer: () => new NoAnswer() })
    const failing = settled(gate.run(() => Promise.reject(new Error('refused'))))
    const throwing = settled(
      gate.run(() => {
        throw new Error('thrown')
      }),
    )
    const next = settled(gate.run(() => Promise.resolve('next')))
    await vi.advanceTimersByTimeAsync(0)
    expect((failing.error as Error).message).toBe('refused')
    expect((throwing.error as Error).message).toBe('thrown')
    expect(next.value).toBe('next')
    expect(vi.getTimerCount()).toBe(0)
  })
})

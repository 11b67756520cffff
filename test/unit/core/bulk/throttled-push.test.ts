// The bulk delete's progress push on a clock the test moves: the edges of a run go at once, the
// steps between at most once per interval, the last step of a burst still goes (late, carrying
// the newest state), and an edge drops the step waiting behind it.
import { describe, expect, it } from 'vitest'
import { ThrottledPush, type PushClock } from '../../../../src/core/bulk'

function manualClock() {
  let now = 1_000
  const timers = new Map<number, { at: number; run: () => void }>()
  let next = 0
  const clock: PushClock = {
    now: () => now,
    setTimer: (run, ms) => {
      timers.set(++next, { at: now + ms, run })
      return next
    },
    clearTimer: (timer) => void timers.delete(timer as number),
  }
  function advance(ms: number): void {
    now += ms
    for (const [id, timer] of [...timers]) {
      if (timer.at > now) continue
      timers.delete(id)
      timer.run()
    }
  }
  return { clock, advance, waiting: () => timers.size }
}

describe('ThrottledPush', () => {
  it('sends the edges at once and the steps at most once per interval, the last of a burst late', () => {
    const { clock, advance, waiting } = manualClock()
    let state = 0
    const sent: number[] = []
    const push = new ThrottledPush(() => sent.push(state), 100, clock)

    push.edge()
    expect(sent).toEqual([0])
    // A burst of steps within the interval: one push, when the interval is up, with the newest state.
    for (state = 1; state <= 50; state++) {
      push.change()
      advance(1)
    }
    expect(sent).toEqual([0])
    advance(60)
    expect(sent).toEqual([0, 51])
    // A step after a quiet interval goes at once.
    advance(200)
    state = 52
    push.change()
    expect(sent).toEqual([0, 51, 52])
    // The end goes at once and the step waiting behind it is dropped.
    state = 53
    push.change()
    expect(waiting()).toBe(1)
    state = 54
    push.edge()
    expect(waiting()).toBe(0)
    advance(500)
    expect(sent).toEqual([0, 51, 52, 54])
  })

  it('sends nothing more once cancelled', () => {
    const { clock, advance } = manualClock()
    const sent: string[] = []
    const push = new ThrottledPush(() => sent.push('sent'), 100, clock)
    push.change()
    push.change()
    push.cancel()
    advance(1_000)
    expect(sent).toEqual(['sent'])
  })
})

import { describe, expect, it } from 'vitest'
import { createShutdown, SHUTDOWN_DEADLINE_MS } from '../../../src/web/shutdown'

function harness(stop: () => Promise<void>) {
  const exits: number[] = []
  const lines: string[] = []
  const timers: Array<{ run: () => void; ms: number; unrefed: boolean }> = []
  const onSignal = createShutdown({
    stop,
    exit: (code) => exits.push(code),
    log: (line) => lines.push(line),
    setTimer: (run, ms) => {
      const timer = { run, ms, unrefed: false }
      timers.push(timer)
      return { unref: () => void (timer.unrefed = true) }
    },
  })
  return { onSignal, exits, lines, timers }
}

const never = () => new Promise<void>(() => {})

describe('web shell shutdown', () => {
  it('stops cleanly and exits 0', async () => {
    let stopped = false
    const { onSignal, exits } = harness(async () => void (stopped = true))
    onSignal('SIGINT')
    await new Promise((r) => setTimeout(r, 0))
    expect(stopped).toBe(true)
    expect(exits).toEqual([0])
  })

  it('a second Ctrl+C while stopping exits at once with 130 (143 for SIGTERM)', () => {
    const first = harness(never)
    first.onSignal('SIGINT')
    expect(first.exits).toEqual([])
    first.onSignal('SIGINT')
    expect(first.exits).toEqual([130])
    expect(first.lines.at(-1)).toBe('Stopping at once.')

    const second = harness(never)
    second.onSignal('SIGTERM')
    second.onSignal('SIGTERM')
    expect(second.exits).toEqual([143])
  })

  it('gives up after a 5 s deadline that does not keep the process alive', () => {
    const { onSignal, exits, lines, timers } = harness(never)
    onSignal('SIGTERM')
    expect(timers).toHaveLength(1)
    expect(timers[0]!.ms).toBe(SHUTDOWN_DEADLINE_MS)
    expect(SHUTDOWN_DEADLINE_MS).toBe(5_000)
    expect(timers[0]!.unrefed).toBe(true)
    timers[0]!.run()
    expect(exits).toEqual([1])
    expect(lines.at(-1)).toMatch(/longer than 5 s/)
  })

  it('a failing stop is reported and exits 1', async () => {
    const { onSignal, exits, lines } = harness(async () => {
      throw new Error('disk gone')
    })
    onSignal('SIGINT')
    await new Promise((r) => setTimeout(r, 0))
    expect(exits).toEqual([1])
    expect(lines.at(-1)).toBe('Stopping failed: disk gone')
  })
})

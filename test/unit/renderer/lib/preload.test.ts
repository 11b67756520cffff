// Chunks the first screen does not need are fetched when the page is idle after its opening, never before.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AFTER_OPENING_MS, preloadWhenIdle } from '../../../../src/renderer/src/lib/preload'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('preloadWhenIdle', () => {
  it('waits out the page\'s opening, then loads each chunk once the page is idle, with a deadline so a busy page still gets there', () => {
    // The fake clock's performance.now() starts at 0: the page has just opened.
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] })
    const idle: Array<{ run: () => void; timeout: number | undefined }> = []
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => idle.push({ run, timeout: options?.timeout }))
    const first = vi.fn(async () => ({}))
    const second = vi.fn(async () => ({}))
    vi.advanceTimersByTime(500)
    preloadWhenIdle(first, second)
    // Idle while core answers the first window is not idle enough.
    vi.advanceTimersByTime(AFTER_OPENING_MS - 500 - 1)
    expect(idle).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(first).not.toHaveBeenCalled()
    expect(idle).toHaveLength(1)
    expect(idle[0]!.timeout).toBeGreaterThan(0)
    idle[0]!.run()
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(1)
  })

  it('asks for the next idle moment at once when the page has been open a while (a view opened later)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] })
    vi.advanceTimersByTime(AFTER_OPENING_MS + 10_000)
    const idle: Array<() => void> = []
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run))
    preloadWhenIdle(vi.fn(async () => ({})))
    expect(idle).toHaveLength(1)
  })

  it('leaves a chunk that fails to load to its first real use (no unhandled rejection)', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', undefined)
    const failing = vi.fn(() => Promise.reject(new Error('gone')))
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      preloadWhenIdle(failing)
      await vi.runAllTimersAsync()
      expect(failing).toHaveBeenCalledTimes(1)
      await Promise.resolve()
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})

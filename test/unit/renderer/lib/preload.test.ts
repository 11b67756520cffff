// Chunks the first screen does not need are fetched when the page is idle, never before.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { preloadWhenIdle } from '../../../../src/renderer/src/lib/preload'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('preloadWhenIdle', () => {
  it('loads each chunk once the page is idle, with a deadline so a busy page still gets there', () => {
    const idle: Array<{ run: () => void; timeout: number | undefined }> = []
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => idle.push({ run, timeout: options?.timeout }))
    const first = vi.fn(async () => ({}))
    const second = vi.fn(async () => ({}))
    preloadWhenIdle(first, second)
    expect(first).not.toHaveBeenCalled()
    expect(idle).toHaveLength(1)
    expect(idle[0]!.timeout).toBeGreaterThan(0)
    idle[0]!.run()
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(1)
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

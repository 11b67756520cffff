import { describe, expect, it, vi } from 'vitest'
import { madeOnFirstUse } from '../../../../src/renderer/src/lib/made-on-first-use'

describe('madeOnFirstUse', () => {
  it('makes nothing until asked, then once, and answers the same value ever after', () => {
    const make = vi.fn(() => ({ made: true }))
    const value = madeOnFirstUse(make)
    expect(make).not.toHaveBeenCalled()
    const first = value()
    expect(value()).toBe(first)
    expect(make).toHaveBeenCalledTimes(1)
  })

  it('keeps a made value that is falsy', () => {
    const make = vi.fn(() => 0)
    const value = madeOnFirstUse(make)
    expect([value(), value()]).toEqual([0, 0])
    expect(make).toHaveBeenCalledTimes(1)
  })
})

describe('the first bundle’s modules', () => {
  it('make no Intl formatter or collator as they load: each is made when first used', async () => {
    vi.resetModules()
    const kinds = ['NumberFormat', 'DateTimeFormat', 'Collator', 'RelativeTimeFormat'] as const
    const originals = kinds.map((kind) => Intl[kind])
    const made: string[] = []
    kinds.forEach((kind, at) => {
      const Original = originals[at] as unknown as new (...args: unknown[]) => object
      Object.defineProperty(Intl, kind, {
        configurable: true,
        writable: true,
        value: class extends Original {
          constructor(...args: unknown[]) {
            super(...args)
            made.push(kind)
          }
        },
      })
    })
    try {
      await import('../../../../src/renderer/src/lib/format')
      await import('../../../../src/renderer/src/stores/workspace')
      await import('../../../../src/renderer/src/lib/account-colour')
      expect(made).toEqual([])
      const { formatNumber } = await import('../../../../src/renderer/src/lib/format')
      formatNumber(1234)
      formatNumber(5678)
      expect(made).toEqual(['NumberFormat'])
    } finally {
      kinds.forEach((kind, at) => Object.defineProperty(Intl, kind, { configurable: true, writable: true, value: originals[at] }))
    }
  })
})

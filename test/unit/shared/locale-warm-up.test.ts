import { afterEach, describe, expect, it, vi } from 'vitest'
import { warmUpLocaleData } from '../../../src/shared/locale-warm-up'

type Kind = 'NumberFormat' | 'DateTimeFormat' | 'RelativeTimeFormat'

/** Notes each formatter made of a kind (with `new`, as the real ones are) and makes the real one. */
function noteMade(kind: Kind): unknown[][] {
  const made: unknown[][] = []
  const Real = Intl[kind] as unknown as new (...args: unknown[]) => object
  vi.spyOn(Intl, kind).mockImplementation(function (this: unknown, ...args: unknown[]) {
    made.push(args)
    return new Real(...args)
  } as never)
  return made
}

describe('warmUpLocaleData', () => {
  afterEach(() => vi.restoreAllMocks())

  it('makes one formatter of each kind the first screen uses, in the default locale', () => {
    const numbers = noteMade('NumberFormat')
    const dates = noteMade('DateTimeFormat')
    const relative = noteMade('RelativeTimeFormat')
    warmUpLocaleData()
    expect(numbers).toEqual([[undefined]])
    expect(dates).toEqual([[undefined, expect.objectContaining({ timeStyle: 'short' })]])
    expect(relative).toEqual([[undefined, expect.anything()]])
  })

  it('never throws where Intl lacks a kind (the app then formats as it can)', () => {
    vi.spyOn(Intl, 'RelativeTimeFormat').mockImplementation(() => {
      throw new RangeError('no data')
    })
    expect(() => warmUpLocaleData()).not.toThrow()
  })
})

// The one stable text order core and the window share: by code unit, not by a locale's alphabet.
import { describe, expect, it } from 'vitest'
import { byCodeUnits } from '../../../src/shared'

describe('byCodeUnits', () => {
  it('orders by code unit whatever the locale: capitals first, accents after z, equal texts tie', () => {
    expect(['b', 'é', 'Z', 'a', '2026-11-02', '2026-10-30'].sort(byCodeUnits)).toEqual(['2026-10-30', '2026-11-02', 'Z', 'a', 'b', 'é'])
    expect(byCodeUnits('same', 'same')).toBe(0)
  })
})

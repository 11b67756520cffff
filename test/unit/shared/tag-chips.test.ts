// A row shows two tags when both names fit together, otherwise the first (and "+N").
import { describe, expect, it } from 'vitest'
import { shownTagCount, TAG_CHIP_CHARS } from '../../../src/shared'

describe('shownTagCount', () => {
  it('shows a second tag only when both names fit the chips’ room', () => {
    expect(TAG_CHIP_CHARS).toBe(16)
    expect(shownTagCount(['WordPress', 'Staging'])).toBe(2)
    expect(shownTagCount(['Maintenance plan', 'VIP'])).toBe(1)
    expect(shownTagCount(['VIP', 'Clients'], 9)).toBe(1)
    expect(shownTagCount(['VIP'])).toBe(1)
    expect(shownTagCount([])).toBe(0)
  })
})

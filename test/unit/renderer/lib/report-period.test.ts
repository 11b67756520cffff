// The periods the Reports view offers, as local days: last month by default, the last day
// shown inside the period and the period's end the day after it.
import { describe, expect, it } from 'vitest'
import { dayAfter, lastDayOf, presetPeriod } from '../../../../src/renderer/src/lib/report-period'

describe('report periods', () => {
  it('makes last month, this month so far and the last 30 days from local dates', () => {
    const now = new Date(2026, 0, 15, 10)
    expect(presetPeriod('last-month', now, 'Europe/Berlin')).toEqual({ from: '2025-12-01', to: '2026-01-01', timeZone: 'Europe/Berlin' })
    expect(presetPeriod('this-month', now, 'UTC')).toMatchObject({ from: '2026-01-01', to: '2026-01-16' })
    expect(presetPeriod('last-30-days', now, 'UTC')).toMatchObject({ from: '2025-12-17', to: '2026-01-16' })
  })
  it('shows the last day inside and keeps the day after as the end', () => {
    expect(lastDayOf({ to: '2026-03-01' })).toBe('2026-02-28')
    expect(dayAfter('2024-02-28')).toBe('2024-02-29')
    expect(dayAfter('not a day')).toBe('')
  })
})

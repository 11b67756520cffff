// A health finding's day as people read it, made by one formatter: a query's Health column
// labels every site of a scope (50,000 in the benchmark), and a new Intl.DateTimeFormat per
// label cost core seconds per answer.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatHealthDay, healthLabel, HEALTH_CAUSE_NAMES, LABEL_READS_DETAILS } from '../../../src/shared/health-labels'

afterEach(() => vi.restoreAllMocks())

describe('formatHealthDay', () => {
  it('writes a day in English, in UTC, and leaves what is not a date as it is', () => {
    expect(formatHealthDay('2025-12-31')).toBe('31 Dec 2025')
    expect(formatHealthDay('2026-03-01T23:30:00Z')).toBe('1 Mar 2026')
    expect(formatHealthDay('soon')).toBe('soon')
  })

  it('makes no new formatter per day it writes', () => {
    formatHealthDay('2025-01-01')
    const made = vi.spyOn(Intl, 'DateTimeFormat')
    for (let i = 1; i <= 28; i++) formatHealthDay(`2025-02-${String(i).padStart(2, '0')}`)
    expect(made).not.toHaveBeenCalled()
  })

  it('formats each day once, and goes on formatting correctly once it keeps as many days as it may', () => {
    // A day not yet formatted is parsed first; one formatted before is not parsed again.
    const parse = vi.spyOn(Date, 'parse')
    expect(formatHealthDay('2031-07-04')).toBe('4 Jul 2031')
    expect(formatHealthDay('2031-07-04')).toBe('4 Jul 2031')
    expect(parse).toHaveBeenCalledTimes(1)
    // More distinct days than are kept: the ones past the limit are formatted each time, still right.
    const start = Date.UTC(2040, 0, 1)
    const days = Array.from({ length: 1_100 }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10))
    for (const day of days) formatHealthDay(day)
    expect(formatHealthDay(days.at(-1)!)).toBe('4 Jan 2043')
    expect(formatHealthDay(days[0]!)).toBe('1 Jan 2040')
  })
})

describe('healthLabel without details', () => {
  it("names the cause when the details are not there, for every cause whose label would read them", () => {
    for (const cause of LABEL_READS_DETAILS) expect(healthLabel(cause, null, Date.UTC(2026, 10, 1))).toBe(HEALTH_CAUSE_NAMES[cause])
  })
})

// A health finding's day as people read it, made by one formatter: a query's Health column
// labels every site of a scope (50,000 in the benchmark), and a new Intl.DateTimeFormat per
// label cost core seconds per answer.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatHealthDay } from '../../../src/shared/health-labels'

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
})

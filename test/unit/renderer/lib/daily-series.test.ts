import { describe, expect, it } from 'vitest'
import { dailySeries, lastDays } from '../../../../src/renderer/src/lib/daily-series'

describe('events per day', () => {
  it('lists the last days oldest first, ending today (local calendar)', () => {
    const days = lastDays(3, new Date(2025, 2, 1, 9).getTime())
    expect(days).toEqual(['2025-02-27', '2025-02-28', '2025-03-01'])
    expect(lastDays(30, Date.parse('2025-03-10T12:00:00Z'))).toHaveLength(30)
  })

  it('lays the counts out per type over every day, zeros where none, busiest type first', () => {
    const days = ['2025-03-08', '2025-03-09', '2025-03-10']
    const rows = [
      { day: '2025-03-08', type: 'new_extension', count: 1 },
      { day: '2025-03-10', type: 'updated_extension', count: 4 },
      { day: '2025-03-09', type: 'updated_extension', count: 2 },
      // Outside the days asked for: ignored.
      { day: '2025-01-01', type: 'new_extension', count: 50 },
    ]
    expect(dailySeries(rows, days)).toEqual({
      days,
      series: [
        { type: 'updated_extension', counts: [0, 2, 4], total: 6 },
        { type: 'new_extension', counts: [1, 0, 0], total: 1 },
      ],
    })
  })
})

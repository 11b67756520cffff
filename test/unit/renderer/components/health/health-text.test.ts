// The site page's Health words: durations of incidents, uptime and the response-time buckets.
import { describe, expect, it } from 'vitest'
import { bucketDetail, bucketLabel, formatDuration, formatUptime } from '../../../../../src/renderer/src/components/health/health-text'

const DAY = 86_400_000

describe('the site page', () => {
  it('words durations, uptime and buckets', () => {
    expect(formatDuration(45_000)).toBe('45 s')
    expect(formatDuration(47 * 60_000)).toBe('47 min')
    expect(formatDuration(125 * 60_000)).toBe('2 h 5 min')
    expect(formatDuration(2 * DAY)).toBe('2 d')
    expect(formatDuration(3 * DAY + 4 * 3_600_000 + 60_000)).toBe('3 d 4 h')
    expect(formatUptime(null)).toBe('No checks yet')
    expect(formatUptime(100)).toBe('100 %')
    expect(formatUptime(99.3)).toBe('99.30 %')
    const point = { at: '2026-11-27T00:00:00.000Z', checks: 12, up: 11, avgMs: 300, maxMs: 820 }
    expect(bucketLabel(point, 'day')).toBe('27 Nov')
    expect(bucketDetail(point)).toBe('11 of 12 answered, slowest 820 ms')
    expect(bucketDetail({ ...point, up: 0, avgMs: null, maxMs: null })).toBe('0 of 12 answered')
  })
})

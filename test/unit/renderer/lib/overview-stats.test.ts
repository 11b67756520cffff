import { describe, expect, it } from 'vitest'
import {
  NOT_KNOWN,
  OTHER,
  dailySeries,
  groupLabel,
  groupQuery,
  lastDays,
  overviewTotals,
  topPending,
  versionGroups,
} from '../../../../src/renderer/src/lib/overview-stats'
import { makeSite } from '../../support/domain-objects'

const NOW = Date.parse('2025-03-10T12:00:00Z')
const server = (php: string | null, mysql: string | null = '8.0.36', web: string | null = 'nginx/1.24.0') => ({ ip: null, php, mysql, web })

describe('overviewTotals', () => {
  it('counts sites, those with updates, all updates, never checked and checked over 24 hours ago', () => {
    const sites = [
      makeSite(1, { updates_count: 3, last_check_at: '2025-03-10T11:00:00Z' }),
      makeSite(2, { updates_count: 0, last_check_at: null }),
      makeSite(3, { updates_count: 5, last_check_at: '2025-03-09T11:59:00Z' }),
      // Created a moment ago: the create answer has no updates_count.
      makeSite(4, { updates_count: undefined, last_check_at: '2025-03-09T12:01:00Z' }),
    ]
    expect(overviewTotals(sites, NOW)).toEqual({ sites: 4, withUpdates: 2, pendingUpdates: 8, neverChecked: 1, stale: 1 })
  })

  it('is all zeros for no sites', () => {
    expect(overviewTotals([], NOW)).toEqual({ sites: 0, withUpdates: 0, pendingUpdates: 0, neverChecked: 0, stale: 0 })
  })
})

describe('topPending', () => {
  it('keeps the sites with the most updates, most first, ties by name, none without updates', () => {
    const sites = [
      makeSite(1, { name: 'Zeta', updates_count: 4 }),
      makeSite(2, { name: 'Alpha', updates_count: 4 }),
      makeSite(3, { name: 'None', updates_count: 0 }),
      makeSite(4, { name: 'Big', updates_count: 9 }),
      makeSite(5, { name: 'Small', updates_count: 1 }),
    ]
    expect(topPending(sites, 3)).toEqual([
      { id: 4, name: 'Big', updates: 9 },
      { id: 2, name: 'Alpha', updates: 4 },
      { id: 1, name: 'Zeta', updates: 4 },
    ])
    expect(topPending(sites).map((b) => b.id)).toEqual([4, 2, 1, 5])
  })

  it('shows at most 15', () => {
    const sites = Array.from({ length: 40 }, (_, i) => makeSite(i + 1, { updates_count: i + 1 }))
    const top = topPending(sites)
    expect(top).toHaveLength(15)
    expect(top[0]).toMatchObject({ id: 40, updates: 40 })
    expect(top[14]).toMatchObject({ id: 26, updates: 26 })
  })
})

describe('version groups', () => {
  it('names groups as people say them', () => {
    expect(groupLabel('php', '8.2.18')).toBe('PHP 8.2')
    expect(groupLabel('php', '7.4.33')).toBe('PHP 7.4')
    expect(groupLabel('mysql', '8.0.36')).toBe('MySQL 8.0')
    expect(groupLabel('mysql', '10.6.17-MariaDB')).toBe('MariaDB 10.6')
    expect(groupLabel('web', 'Apache/2.4.58 (Debian)')).toBe('Apache')
    expect(groupLabel('web', 'nginx/1.26.1')).toBe('nginx')
    expect(groupLabel('web', 'LiteSpeed')).toBe('LiteSpeed')
    expect(groupLabel('php', '')).toBe(NOT_KNOWN)
  })

  it('groups PHP by minor version with the exact versions (most sites first), not known last', () => {
    const sites = [
      makeSite(1, { server: server('8.2.18') }),
      makeSite(2, { server: server('8.2.20') }),
      makeSite(3, { server: server('8.2.20') }),
      makeSite(4, { server: server('8.3.9') }),
      makeSite(5, { server: server(null) }),
      makeSite(6, { server: server(null) }),
      makeSite(7, { server: server(null) }),
    ]
    const groups = versionGroups(sites, 'php')
    expect(groups).toEqual([
      { label: 'PHP 8.2', count: 3, values: [{ value: '8.2.20', count: 2 }, { value: '8.2.18', count: 1 }] },
      { label: 'PHP 8.3', count: 1, values: [{ value: '8.3.9', count: 1 }] },
      { label: NOT_KNOWN, count: 3, values: [{ value: '', count: 3 }] },
    ])
    // The Sites view's filter for a group: its exact values, '' for "not known".
    expect(groupQuery('php', groups[0]!)).toEqual({ php: ['8.2.20', '8.2.18'] })
    expect(groupQuery('php', groups[2]!)).toEqual({ php: [''] })
  })

  it('folds the smallest groups into Other, keeping their exact values, and every site counted once', () => {
    const versions = ['5.6.1', '7.0.1', '7.1.1', '7.2.1', '7.3.1', '7.4.1', '8.0.1', '8.1.1', '8.2.1']
    const sites = versions.flatMap((v, i) => Array.from({ length: i + 1 }, (_, k) => makeSite(i * 100 + k, { server: server(v) })))
    const groups = versionGroups(sites, 'php', 4)
    expect(groups.map((g) => g.label)).toEqual(['PHP 8.2', 'PHP 8.1', 'PHP 8.0', OTHER])
    const other = groups[3]!
    expect(other.count).toBe(1 + 2 + 3 + 4 + 5 + 6)
    expect(other.values.map((v) => v.value)).toEqual(['7.4.1', '7.3.1', '7.2.1', '7.1.1', '7.0.1', '5.6.1'])
    expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(sites.length)
  })
})

describe('events per day', () => {
  it('lists the last days oldest first, ending today (local calendar)', () => {
    const days = lastDays(3, new Date(2025, 2, 1, 9).getTime())
    expect(days).toEqual(['2025-02-27', '2025-02-28', '2025-03-01'])
    expect(lastDays(30, NOW)).toHaveLength(30)
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

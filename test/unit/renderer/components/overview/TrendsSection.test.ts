// The overview's 90-day trend: history:trend's daily rollup drawn as pending updates per day
// and sites per PHP minor version, with the same figures in each chart's table.
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import type { HistoryTrendDay } from '../../../../../src/shared'
import TrendsSection from '../../../../../src/renderer/src/components/overview/TrendsSection.vue'
import { trendDayLabel, trendSeries } from '../../../../../src/renderer/src/lib/history-trend'
import { createFakeApi, fail, ok } from '../../support/fake-api'
import { mountView, unmountAll } from '../../support/mount'

afterEach(unmountAll)

const DAYS: HistoryTrendDay[] = [
  { day: '2026-11-01', pending: 12, sites: 3, php: { '8.1': 2, '8.2': 1 } },
  { day: '2026-11-02', pending: 7, sites: 3, php: { '8.1': 1, '8.2': 1, unknown: 1 } },
]

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent?.trim() ?? ''))
}

describe('TrendsSection', () => {
  it('asks for 90 days of the scope (the active account) and shows both trends as tables', async () => {
    const fake = createFakeApi({ historyTrend: async () => ok(DAYS) })
    const { user } = await mountView(TrendsSection, fake)
    expect(fake.api.historyTrend).toHaveBeenCalledWith({ scope: ['a'], days: 90 })

    const pending = screen.getByRole('region', { name: 'Pending updates over time' })
    await user.click(within(pending).getByRole('button', { name: 'Show as table' }))
    expect(rowsOf(within(pending).getByRole('table'))).toEqual([
      ['Day', 'Pending updates'],
      [trendDayLabel('2026-11-01'), '12'],
      [trendDayLabel('2026-11-02'), '7'],
    ])

    const php = screen.getByRole('region', { name: 'Sites per PHP version over time' })
    await user.click(within(php).getByRole('button', { name: 'Show as table' }))
    expect(rowsOf(within(php).getByRole('table'))).toEqual([
      ['Day', 'PHP 8.1', 'PHP 8.2', 'Unknown'],
      [trendDayLabel('2026-11-01'), '2', '1', '0'],
      [trendDayLabel('2026-11-02'), '1', '1', '1'],
    ])
  })

  it('says there is no trend yet before any sync was recorded', async () => {
    const fake = createFakeApi({ historyTrend: async () => ok([]) })
    await mountView(TrendsSection, fake)
    expect(screen.getAllByText('No trend yet')).toHaveLength(2)
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows a failure with Retry, and reads again after a sync changed the sites', async () => {
    let answer = fail({ code: 'internal', message: 'The store could not be read.' }) as ReturnType<typeof ok<HistoryTrendDay[]>>
    const fake = createFakeApi({ historyTrend: async () => answer })
    await mountView(TrendsSection, fake)
    expect(screen.getAllByRole('alert').length).toBeGreaterThan(0)

    answer = ok(DAYS)
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getAllByRole('button', { name: 'Show as table' })).toHaveLength(2)
  })
})

describe('trendSeries', () => {
  it('orders PHP versions numerically with unknown last, filling missing days with 0', () => {
    const series = trendSeries([
      { day: '2026-11-01', pending: 1, sites: 3, php: { '8.10': 1, unknown: 1, '7.4': 1 } },
      { day: '2026-11-02', pending: 2, sites: 1, php: { '8.2': 1 } },
    ])
    expect(series.php.map((s) => s.version)).toEqual(['7.4', '8.2', '8.10', 'unknown'])
    expect(series.php.find((s) => s.version === '8.2')?.counts).toEqual([0, 1])
    expect(series.pending).toEqual([1, 2])
  })
})

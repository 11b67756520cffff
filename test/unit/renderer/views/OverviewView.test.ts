import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import OverviewView from '../../../../src/renderer/src/views/OverviewView.vue'
import { createFakeApi, makeEvent, makeSite, memoryCore, ok, syncState, type AccountData } from '../support/fake-api'
import { mountView, person, unmountAll } from '../support/mount'
import { FakeChart } from '../support/fake-chart'

// jsdom cannot draw: the chart module is the fake, which keeps what each chart was given.
vi.mock('../../../../src/renderer/src/components/charts/chart-setup', () => import('../support/fake-chart'))

const server = (php: string | null, mysql: string | null, web: string | null) => ({ ip: '192.0.2.1', php, mysql, web })
const HOUR = 60 * 60 * 1000
const NOW = Date.parse('2025-03-10T12:00:00Z')
const ago = (hours: number) => new Date(NOW - hours * HOUR).toISOString()

const SITES = [
  makeSite(1, { name: 'Shop', updates_count: 5, last_check_at: ago(1), server: server('8.2.18', '8.0.36', 'nginx/1.24.0') }),
  makeSite(2, { name: 'Blog', updates_count: 2, last_check_at: null, server: server('8.2.20', '10.6.17-MariaDB', 'Apache') }),
  makeSite(3, { name: 'Docs', updates_count: 0, last_check_at: ago(30), server: server('7.4.33', '8.0.36', 'nginx/1.26.1') }),
  makeSite(4, { name: 'Wiki', updates_count: 0, last_check_at: ago(2), server: server(null, null, null) }),
]
const EVENTS = [
  makeEvent(11, { site_id: 1, message: 'Akeeba updated', created_at: ago(3) }),
  makeEvent(12, { site_id: 2, message: 'New version of Kunena', type: 'update_extension_available', created_at: ago(2) }),
]

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  FakeChart.made = []
})
afterEach(() => {
  unmountAll()
  vi.useRealTimers()
})

function core(data: Partial<AccountData> = {}) {
  const made = memoryCore({ a: { sites: SITES.map((s) => ({ ...s })), events: [...EVENTS], ...data } })
  const fake = createFakeApi({
    ...made.methods,
    eventsDaily: async () =>
      ok([
        { day: '2025-03-10', type: 'updated_extension', count: 3 },
        { day: '2025-03-09', type: 'update_extension_available', count: 2 },
        { day: '2025-03-10', type: 'update_extension_available', count: 1 },
      ]),
  })
  return { ...made, fake }
}

async function mountOverview(fake: ReturnType<typeof core>['fake']) {
  const mounted = await mountView(OverviewView, fake, { path: '/sites' })
  await chartsDrawn()
  return mounted
}

/** The chart module is loaded on first use (a dynamic import): waits until each canvas has its chart. */
async function chartsDrawn() {
  await vi.dynamicImportSettled()
  await vi.waitFor(() => {
    const live = FakeChart.made.filter((c) => !c.destroyed && c.canvas.isConnected)
    expect(live).toHaveLength(document.querySelectorAll('canvas').length)
  })
  await flushPromises()
}

const totals = () => screen.getByRole('list', { name: 'Totals' })
const card = (label: string) => within(totals()).getByRole('link', { name: new RegExp(`^${label}\\s*\\d`) })
const region = (name: string) => screen.getByRole('region', { name })

describe('OverviewView', () => {
  it('shows the totals core worked out, each a link to the sites it counts', async () => {
    const { fake } = core()
    await mountOverview(fake)
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
    const expected: Array<[string, string, string]> = [
      ['Sites', '4', '/sites?q='],
      ['Sites with pending updates', '2', '/sites?updates=1'],
      ['Pending updates', '7', '/sites?updates=1&sort=-updates'],
      ['Never checked', '1', '/sites?unchecked=1'],
      ['Not checked for over 24 hours', '1', '/sites?sort=lastCheck'],
    ]
    for (const [label, value, href] of expected) {
      expect(card(label).querySelector('.card-value')?.textContent).toBe(value)
      expect(card(label).getAttribute('href')).toBe(href)
    }
  })

  it('draws pending updates by site, and a bar or its table row opens the site', async () => {
    const { fake } = core()
    const { router, user } = await mountOverview(fake)
    const chart = FakeChart.named('Pending updates by site')
    expect(chart.data.labels).toEqual(['Shop', 'Blog'])
    expect(chart.data.datasets[0]!.data).toEqual([5, 2])

    chart.clickPoint(1)
    await flushPromises()
    expect(router.currentRoute.value.fullPath).toBe('/sites/2')

    const pending = region('Pending updates by site')
    await user.click(within(pending).getByRole('button', { name: 'Show as table' }))
    const table = within(pending).getByRole('table', { name: 'Pending updates by site' })
    const rows = within(table).getAllByRole('row').slice(1)
    const cells = rows.map((row) => [within(row).getByRole('rowheader').textContent?.trim(), within(row).getByRole('cell').textContent])
    expect(cells).toEqual([
      ['Shop', '5'],
      ['Blog', '2'],
    ])
    expect(within(rows[0]!).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/sites/1')
    expect(within(pending).getByRole('button', { name: 'Show as chart' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('groups versions with their exact values, and a slice opens the sites filtered to them', async () => {
    const { fake } = core()
    const { router, user } = await mountOverview(fake)
    const php = FakeChart.named('PHP versions')
    expect(php.data.labels).toEqual(['PHP 8.2', 'PHP 7.4', 'Not known'])
    expect(php.data.datasets[0]!.data).toEqual([2, 1, 1])
    php.clickPoint(0)
    await flushPromises()
    expect(router.currentRoute.value.path).toBe('/sites')
    expect(router.currentRoute.value.query.php).toEqual(['8.2.18', '8.2.20'])

    const web = FakeChart.named('Web servers')
    expect(web.data.labels).toEqual(['nginx', 'Apache', 'Not known'])
    const mysql = region('MySQL versions')
    await user.click(within(mysql).getByRole('button', { name: 'Show as table' }))
    const maria = within(mysql).getByRole('row', { name: /MariaDB 10\.6/ })
    expect(maria.textContent).toContain('10.6.17-MariaDB (1)')
    expect(within(maria).getByRole('link', { name: 'MariaDB 10.6' }).getAttribute('href')).toBe('/sites?mysql=10.6.17-MariaDB')
    const unknown = within(mysql).getByRole('row', { name: /Not known/ })
    expect(within(unknown).getByRole('link', { name: 'Not known' }).getAttribute('href')).toBe('/sites?mysql=')
  })

  it('charts events per day by type and lists the newest events; a sync that stored events reads them again', async () => {
    const { fake, data } = core()
    await mountOverview(fake)
    expect(fake.api.eventsDaily).toHaveBeenCalledWith({ scope: ['a'], days: 30, utcOffsetMinutes: -new Date().getTimezoneOffset() })
    const perDay = FakeChart.named('Events per day')
    expect(perDay.data.labels).toHaveLength(30)
    const series = perDay.data.datasets.map((d) => [d.label, (d.data as number[]).reduce((a, b) => a + b, 0)])
    expect(series).toEqual([
      ['Update available', 3],
      ['Extension updated', 3],
    ])
    // Today is the last day.
    expect((perDay.data.datasets[1]!.data as number[]).at(-1)).toBe(3)

    const latest = within(screen.getByRole('list', { name: 'Latest events' })).getAllByRole('listitem')
    expect(latest.map((item) => item.querySelector('.event-row__message')?.textContent)).toEqual(['New version of Kunena', 'Akeeba updated'])

    data.a!.events.push(makeEvent(13, { site_id: 3, message: 'Brand new event', created_at: ago(0.5) }))
    fake.emit('workspace:changed', { accountId: 'a', sites: false, tags: false, events: true, changes: null })
    await flushPromises()
    expect(fake.api.eventsDaily).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('list', { name: 'Latest events' }).textContent).toContain('Brand new event')
  })

  it('says when events cannot be read, and Retry reads them again', async () => {
    const { fake } = core()
    fake.api.eventsDaily.mockResolvedValueOnce({ ok: false, error: { code: 'internal', message: 'The store is busy.' } })
    await mountOverview(fake)
    const perDay = region('Events per day')
    expect(perDay.textContent).toContain('The store is busy.')
    await person().click(within(perDay).getByRole('button', { name: /Retry/ }))
    await chartsDrawn()
    expect(FakeChart.named('Events per day').data.labels).toHaveLength(30)
  })

  it("shows core's figures again after a sync changed the account's sites", async () => {
    const { fake, data } = core()
    await mountOverview(fake)
    expect(fake.api.overviewStats).toHaveBeenCalledWith({ scope: ['a'] })
    data.a!.sites.push(makeSite(5, { name: 'Forum', updates_count: 4, last_check_at: ago(1), server: server('8.3.9', '8.0.36', 'nginx/1.24.0') }))
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await chartsDrawn()
    expect(card('Sites').querySelector('.card-value')?.textContent).toBe('5')
    expect(card('Pending updates').querySelector('.card-value')?.textContent).toBe('11')
    expect(FakeChart.named('Pending updates by site').data.labels).toEqual(['Shop', 'Forum', 'Blog'])
    expect(FakeChart.named('PHP versions').data.labels).toEqual(['PHP 8.2', 'PHP 7.4', 'PHP 8.3', 'Not known'])
  })

  it('says when the figures cannot be worked out, and Retry asks core again', async () => {
    const { fake } = core()
    fake.api.overviewStats.mockResolvedValueOnce({ ok: false, error: { code: 'internal', message: 'The store is busy.' } })
    await mountView(OverviewView, fake, { path: '/overview' })
    await flushPromises()
    expect(screen.getByRole('alert').textContent).toContain('The store is busy.')
    expect(screen.queryByRole('list', { name: 'Totals' })).toBeNull()
    await person().click(screen.getByRole('button', { name: /Retry/ }))
    await chartsDrawn()
    expect(card('Sites').querySelector('.card-value')?.textContent).toBe('4')
  })

  it('redraws its charts in the new colours when the theme changes', async () => {
    const { fake } = core()
    await mountOverview(fake)
    const php = FakeChart.named('PHP versions')
    const before = php.updates
    document.documentElement.dataset.theme = 'dark'
    await flushPromises()
    expect(php.updates).toBeGreaterThan(before)
    delete document.documentElement.dataset.theme
  })

  it('invites to add a site when the account has none, and waits for a first sync before that', async () => {
    const { fake } = core({ sites: [] })
    await mountOverview(fake)
    expect(screen.getByText('No sites yet')).toBeVisible()
    expect(screen.getByRole('button', { name: 'New site' })).toBeVisible()
    expect(FakeChart.made).toHaveLength(0)
    unmountAll()

    const never = core({ sites: [], sync: syncState('a', { lastSyncedAt: null, lastAttemptAt: null }) })
    await mountOverview(never.fake)
    expect(screen.getByText('Not synced yet')).toBeVisible()
    await person().click(screen.getByRole('button', { name: 'Sync now' }))
    expect(never.fake.api.syncNow).toHaveBeenCalledWith({ accountId: 'a' })
  })
})

// The Overview in the All accounts scope: figures of every account together (one question to
// core over the scope), the pending bars named with their account and opening the site in it,
// the latest events of all accounts and the events per day summed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import { createTestingPinia } from '@pinia/testing'
import OverviewView from '../../../../src/renderer/src/views/OverviewView.vue'
import { createFakeApi, makeAccount, makeEvent, makeSite, memoryCore } from '../support/fake-api'
import { mountView, unmountAll } from '../support/mount'
import { useWorkspaceStore } from '../../../../src/renderer/src/stores/workspace'
import { FakeChart } from '../support/fake-chart'

vi.mock('../../../../src/renderer/src/components/charts/chart-setup', () => import('../support/fake-chart'))

const NOW = Date.parse('2025-03-10T12:00:00Z')
const ago = (hours: number) => new Date(NOW - hours * 3600_000).toISOString()

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  FakeChart.made = []
})
afterEach(() => {
  unmountAll()
  vi.useRealTimers()
})

const ACCOUNTS = [makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Bureau' }), makeAccount('c', { label: 'Clinic' })]

function setup() {
  const core = memoryCore({
    a: {
      sites: [makeSite(1, { name: 'Shop', updates_count: 5, last_check_at: ago(1) }), makeSite(2, { name: 'Blog', updates_count: 0, last_check_at: null })],
      events: [makeEvent(1, { site_id: 1, message: 'Shop updated', created_at: ago(5) })],
    },
    // Site 1 in Bureau too: another site with the same id.
    b: {
      sites: [makeSite(1, { name: 'Clinic site', updates_count: 7, last_check_at: ago(2) })],
      events: [makeEvent(1, { site_id: 1, message: 'Clinic updated', created_at: ago(3) })],
    },
    c: {},
  })
  const fake = createFakeApi(core.methods)
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    stubActions: false,
    initialState: { accounts: { accounts: ACCOUNTS, activeAccountId: 'a', status: 'ready', scopeChoice: 'all' } },
  })
  return { fake, pinia }
}

async function mountOverview() {
  const { fake, pinia } = setup()
  const mounted = await mountView(OverviewView, fake, { path: '/overview', pinia })
  await vi.dynamicImportSettled()
  await vi.waitFor(() => expect(FakeChart.made.filter((c) => !c.destroyed).length).toBe(document.querySelectorAll('canvas').length))
  await flushPromises()
  return { ...mounted, fake }
}

const card = (label: string) => within(screen.getByRole('list', { name: 'Totals' })).getByRole('link', { name: new RegExp(`^${label}\\s*\\d`) })

describe('OverviewView in the All accounts scope', () => {
  it('shows the figures core adds up over every account of the scope, asked once', async () => {
    const { fake } = await mountOverview()
    expect(screen.getByText('All accounts · 3 accounts')).toBeVisible()
    expect(fake.api.overviewStats).toHaveBeenCalledTimes(1)
    expect(fake.api.overviewStats).toHaveBeenCalledWith({ scope: ['a', 'b', 'c'] })
    expect(card('Sites').querySelector('.card-value')?.textContent).toBe('3')
    expect(card('Pending updates').querySelector('.card-value')?.textContent).toBe('12')
    expect(card('Sites with pending updates').querySelector('.card-value')?.textContent).toBe('2')
    expect(card('Never checked').querySelector('.card-value')?.textContent).toBe('1')
  })

  it('says how fresh the data of every account is: the oldest of their syncs', async () => {
    const { fake } = await mountOverview()
    // The scope's summary (read by the workspace store, as the app's frame does) carries each account's stored state.
    useWorkspaceStore()
    await flushPromises()
    expect(fake.api.workspaceScope).toHaveBeenCalledWith({ scope: ['a', 'b', 'c'] })
    expect(screen.getByTestId('sync-status').textContent).toMatch(/^\s*Synced /)
    expect(screen.getByTestId('sync-status').getAttribute('title')).toContain('Agency: last synced')
    expect(screen.getByTestId('sync-status').getAttribute('title')).toContain('Clinic: last synced')
  })

  it('asks again when a sync changed the sites of an account of the scope, and only then', async () => {
    const { fake } = await mountOverview()
    fake.emit('workspace:changed', { accountId: 'b', sites: false, tags: true, events: false, changes: null })
    await flushPromises()
    expect(fake.api.overviewStats).toHaveBeenCalledTimes(1)
    fake.emit('workspace:changed', { accountId: 'b', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(fake.api.overviewStats).toHaveBeenCalledTimes(2)
  })

  it('names each bar’s account and opens the site in its own account', async () => {
    const { router } = await mountOverview()
    const chart = FakeChart.named('Pending updates by site')
    expect(chart.data.labels).toEqual(['Clinic site (Bureau)', 'Shop (Agency)'])
    chart.clickPoint(0)
    await flushPromises()
    expect(router.currentRoute.value.fullPath).toBe('/sites/1?account=b')
  })

  it("shows core's per-day counts and newest events of the whole scope, each event naming its account", async () => {
    const { fake } = await mountOverview()
    // One question each over the scope: core sums the days and orders the newest.
    expect(fake.api.eventsDaily).toHaveBeenCalledTimes(1)
    expect(fake.api.eventsDaily).toHaveBeenCalledWith({ scope: ['a', 'b', 'c'], days: 30, utcOffsetMinutes: -new Date().getTimezoneOffset() })
    expect(fake.api.eventsQuery).toHaveBeenCalledTimes(1)
    expect(fake.api.eventsQuery).toHaveBeenCalledWith({ scope: ['a', 'b', 'c'], limit: 10 })
    const perDay = FakeChart.named('Events per day')
    expect(perDay.data.datasets.map((d) => (d.data as number[]).at(-1))).toEqual([2])
    const latest = within(screen.getByRole('list', { name: 'Latest events' })).getAllByRole('listitem')
    expect(latest.map((li) => li.textContent?.replace(/\s+/g, ' '))).toEqual([
      expect.stringContaining('Clinic updated'),
      expect.stringContaining('Shop updated'),
    ])
    expect(latest[0]!.textContent).toContain('Bureau')
    expect(within(latest[0]!).getByRole('link', { name: 'Clinic site' }).getAttribute('href')).toBe('/sites/1?account=b')
    expect(within(latest[1]!).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/sites/1?account=a')
  })
})

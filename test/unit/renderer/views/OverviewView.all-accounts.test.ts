// The Overview in the All accounts scope: figures of every account together, the pending bars
// named with their account and opening the site in it, the latest events of all accounts,
// the events per day summed, and an account that could not be read named above the rest.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import { createTestingPinia } from '@pinia/testing'
import OverviewView from '../../../../src/renderer/src/views/OverviewView.vue'
import { createFakeApi, fail, makeAccount, makeEvent, makeSite, memoryCore, ok } from '../support/fake-api'
import { mountView, unmountAll } from '../support/mount'
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
  const fake = createFakeApi({
    ...core.methods,
    workspaceSnapshot: async (input) => (input.accountId === 'c' ? fail({ code: 'internal', message: 'The store is locked.' }) : core.methods.workspaceSnapshot!(input)),
    eventsQuery: async (input) => (input.accountId === 'c' ? ok({ events: [], next: null, total: 0 }) : core.methods.eventsQuery!(input)),
    eventsDaily: async ({ accountId }) =>
      ok(accountId === 'c' ? [] : [{ day: '2025-03-10', type: 'updated_extension', count: accountId === 'a' ? 2 : 3 }]),
  })
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
  it('adds up every account that could be read, and names the one that could not', async () => {
    await mountOverview()
    expect(screen.getByText('All accounts · 3 accounts')).toBeVisible()
    expect(card('Sites').querySelector('.card-value')?.textContent).toBe('3')
    expect(card('Pending updates').querySelector('.card-value')?.textContent).toBe('12')
    expect(card('Sites with pending updates').querySelector('.card-value')?.textContent).toBe('2')
    expect(card('Never checked').querySelector('.card-value')?.textContent).toBe('1')
    expect(screen.getByRole('alert').textContent).toContain('Account “Clinic” could not be read: The store is locked.')
  })

  it('names each bar’s account and opens the site in its own account', async () => {
    const { router } = await mountOverview()
    const chart = FakeChart.named('Pending updates by site')
    expect(chart.data.labels).toEqual(['Clinic site (Bureau)', 'Shop (Agency)'])
    chart.clickPoint(0)
    await flushPromises()
    expect(router.currentRoute.value.fullPath).toBe('/sites/1?account=b')
  })

  it('sums the events per day and merges the latest events, each naming its account', async () => {
    const { fake } = await mountOverview()
    expect(fake.api.eventsDaily).toHaveBeenCalledTimes(3)
    const perDay = FakeChart.named('Events per day')
    expect(perDay.data.datasets.map((d) => (d.data as number[]).at(-1))).toEqual([5])
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

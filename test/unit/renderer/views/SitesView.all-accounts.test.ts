// The Sites view in the All accounts scope: every account's sites in one table with their
// account, rows told apart by their keys though their ids are equal, links and opening a row
// going to the site's own account, the search and the Account filter asked of core, and a
// delete sent to the right account.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import { createTestingPinia } from '@pinia/testing'
import SitesView from '../../../../src/renderer/src/views/SitesView.vue'
import { defineComponent, h } from 'vue'
import SyncBanner from '../../../../src/renderer/src/components/sync/SyncBanner.vue'
import { createFakeApi, makeAccount, makeSite, memoryCore, ok, syncState } from '../support/fake-api'
import { createFakeApiWithBulkDelete } from '../support/memory-bulk-delete'
import { mountInBody, mountView, person, testRouter, unmountAll } from '../support/mount'

afterEach(() => unmountAll())

const ACCOUNTS = [makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Bureau' })]

async function mountAll() {
  const core = memoryCore({
    a: { sites: [makeSite(1, { name: 'Shop' }), makeSite(2, { name: 'Blog' })] },
    b: { sites: [makeSite(1, { name: 'Clinic' }), makeSite(5, { name: 'Bakery' })] },
  })
  const fake = createFakeApiWithBulkDelete(core.methods)
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    stubActions: false,
    initialState: { accounts: { accounts: ACCOUNTS, activeAccountId: 'a', status: 'ready', scopeChoice: 'all' } },
  })
  const mounted = await mountView(SitesView, fake, { path: '/sites', pinia })
  await flushPromises()
  return { ...mounted, core, fake }
}

const table = () => screen.getByRole('table', { name: 'Sites' })
const siteRows = () => within(table()).getAllByRole('row').filter((row) => within(row).queryAllByRole('cell').length > 0)
const rowText = () =>
  siteRows().map((row) => {
    const cells = within(row).getAllByRole('cell')
    return `${cells[1]!.textContent?.trim()} | ${cells[2]!.textContent?.trim()}`
  })

describe('SitesView in the All accounts scope', () => {
  it('lists every account’s sites with an Account column, each linking into its own account', async () => {
    await mountAll()
    const headers = within(table()).getAllByRole('columnheader').map((th) => th.textContent?.trim())
    expect(headers.slice(1, 3)).toEqual(['Name', 'Account'])
    expect(rowText()).toEqual(['Bakery | Bureau', 'Blog | Agency', 'Clinic | Bureau', 'Shop | Agency'])
    expect(document.querySelector('.list-view-count')?.textContent).toBe('4 sites')
    // Site 1 of each account: two rows, two links, each to its own account.
    expect(within(table()).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/sites/1?account=a')
    expect(within(table()).getByRole('link', { name: 'Clinic' }).getAttribute('href')).toBe('/sites/1?account=b')
    const keys = siteRows().map((row) => row.dataset.key)
    expect(keys).toEqual(['b:5', 'a:2', 'b:1', 'a:1'])
  })

  it('opens a row in its account, searches across accounts and sorts by account', async () => {
    const { router, user } = await mountAll()
    await user.click(within(table()).getByRole('link', { name: 'Clinic' }))
    await flushPromises()
    expect(router.currentRoute.value.fullPath).toBe('/sites/1?account=b')
    await router.push('/sites?q=b')
    await flushPromises()
    // "b": Bakery, Blog (and the Bureau label is not searched: only the site's own fields are).
    expect(rowText()).toEqual(['Bakery | Bureau', 'Blog | Agency'])
    await router.push('/sites?sort=account,-name')
    await flushPromises()
    expect(rowText()).toEqual(['Shop | Agency', 'Blog | Agency', 'Clinic | Bureau', 'Bakery | Bureau'])
  })

  it('deletes from the row menu in the site’s own account', async () => {
    const { user, core } = await mountAll()
    const clinic = siteRows().find((row) => row.textContent?.includes('Clinic'))!
    await user.pointer({ keys: '[MouseRight]', target: within(clinic).getAllByRole('cell')[3]! })
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Clinic?' })
    await user.click(within(confirm).getByRole('button', { name: /^Delete/ }))
    await vi.waitFor(() => expect(core.data.b!.sites.map((s) => s.name)).toEqual(['Bakery']))
    expect(core.data.a!.sites.map((s) => s.name)).toEqual(['Shop', 'Blog'])
  })

  it('asks core for one window per keystroke with the Account filter, never the whole list', async () => {
    const { router, fake } = await mountAll()
    await router.push('/sites?account=b')
    await flushPromises()
    expect(rowText()).toEqual(['Bakery | Bureau', 'Clinic | Bureau'])
    expect(document.querySelector('.list-view-count')?.textContent).toBe('2 of 4 sites')
    fake.api.sitesQuery.mockClear()
    await router.push('/sites?account=b&q=c')
    await flushPromises()
    await router.push('/sites?account=b&q=cl')
    await flushPromises()
    expect(rowText()).toEqual(['Clinic | Bureau'])
    const asked = fake.api.sitesQuery.mock.calls.map(([query]) => query)
    expect(asked.length).toBeGreaterThan(0)
    for (const query of asked) {
      expect(query.scope).toEqual(['a', 'b'])
      expect(query.filter.accounts).toEqual(['b'])
      expect(query.limit).toBeLessThanOrEqual(100)
    }
    expect(asked.at(-1)!.filter.search).toBe('cl')
  })

  it('selects every matching row with Ctrl+A as one selection, and deletes each in its own account', async () => {
    const { user, core, router } = await mountAll()
    await router.push('/sites?q=b')
    await flushPromises()
    table().focus()
    await user.keyboard('{Control>}a{/Control}')
    await flushPromises()
    // No list of keys in the address: the selection is "every row matching the view".
    expect(router.currentRoute.value.query.sel).toBe('all')
    expect(document.querySelector('.list-view-count')?.textContent).toBe('2 of 4 sites, 2 selected')
    await user.click(screen.getByRole('button', { name: 'Delete…' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 sites?' })
    await user.click(within(confirm).getByRole('button', { name: /^Delete/ }))
    await vi.waitFor(() => expect(core.data.b!.sites.map((s) => s.name)).toEqual(['Clinic']))
    expect(core.data.a!.sites.map((s) => s.name)).toEqual(['Shop'])
    // Every selected site went: closing the dialog clears the select-all too.
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Sites deleted' })).getByRole('button', { name: 'Close' }))
    await vi.waitFor(() => expect(router.currentRoute.value.query.sel).toBeUndefined())
  })
})

describe('the All accounts scope’s sync status and banner', () => {
  /** The Sites view in All accounts under the sync banner, as the app's frame shows them. */
  async function mountWithBanner(fake: ReturnType<typeof createFakeApi>): Promise<void> {
    const pinia = createTestingPinia({
      createSpy: vi.fn,
      stubActions: false,
      initialState: { accounts: { accounts: ACCOUNTS, activeAccountId: 'a', status: 'ready', scopeChoice: 'all' } },
    })
    mountInBody(defineComponent({ render: () => h('div', [h(SyncBanner), h(SitesView)]) }), {
      global: { plugins: [fake.plugin, pinia, await testRouter('/sites')] },
    })
    await flushPromises()
  }

  it('speak for every account: the oldest sync beside the title, and each failing account named with Retry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2025-03-01T11:30:00.000Z'))
    const offline = syncState('b', { status: 'failed', lastSyncedAt: '2025-03-01T11:00:00.000Z', error: { code: 'network', message: 'Could not connect to bureau.example.' } })
    const core = memoryCore({
      a: { sites: [makeSite(1, { name: 'Shop' })], sync: syncState('a', { lastSyncedAt: '2025-03-01T11:29:00.000Z' }) },
      b: { sites: [makeSite(1, { name: 'Clinic' })], sync: offline },
    })
    const fake = createFakeApi(core.methods)
    fake.api.syncNow.mockResolvedValue(ok(offline))
    await mountWithBanner(fake)
    // The data of every account is at least as fresh as Bureau's last sync.
    expect(screen.getByTestId('sync-status').textContent?.trim()).toBe('Synced 30 minutes ago')
    const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(offline.lastSyncedAt!))
    const banner = screen.getByRole('alert')
    expect(banner.textContent).toContain(`Bureau: Showing data from ${time}: the server cannot be reached.`)
    expect(banner.textContent).not.toContain('Agency')
    await person().click(within(banner).getByRole('button', { name: 'Retry' }))
    await flushPromises()
    expect(fake.api.syncNow.mock.calls.map(([input]) => input)).toEqual([{ accountId: 'b' }])
    vi.useRealTimers()
  })

  it('names every account whose server is down when all of them are, and Retry syncs each', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2025-03-01T11:30:00.000Z'))
    const down = (id: string, host: string) =>
      syncState(id, { status: 'failed', lastSyncedAt: '2025-03-01T11:00:00.000Z', error: { code: 'network', message: `Could not connect to ${host}.` } })
    const core = memoryCore({
      a: { sites: [makeSite(1, { name: 'Shop' })], sync: down('a', 'agency.example') },
      b: { sites: [makeSite(1, { name: 'Clinic' })], sync: down('b', 'bureau.example') },
    })
    const fake = createFakeApi(core.methods)
    fake.api.syncNow.mockImplementation(async ({ accountId }: { accountId: string }) => ok(down(accountId, 'x')))
    await mountWithBanner(fake)
    const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date('2025-03-01T11:00:00.000Z'))
    const banner = screen.getByRole('alert')
    expect(banner.textContent).toContain(`Agency: Showing data from ${time}: the server cannot be reached.`)
    expect(banner.textContent).toContain(`Bureau: Showing data from ${time}: the server cannot be reached.`)
    expect(screen.getByTestId('sync-status').textContent?.trim()).toBe('Synced 30 minutes ago')
    await person().click(within(banner).getByRole('button', { name: 'Retry' }))
    await flushPromises()
    expect(fake.api.syncNow.mock.calls.map(([input]) => input)).toEqual([{ accountId: 'a' }, { accountId: 'b' }])
    vi.useRealTimers()
  })
  describe('with accounts not synced yet: one rule for a scope of one or of all', () => {
    async function mountUnsynced(states: Record<'a' | 'b', ReturnType<typeof syncState>>, sites: Record<'a' | 'b', number> = { a: 0, b: 0 }) {
      const core = memoryCore({
        a: { sites: Array.from({ length: sites.a }, (_, i) => makeSite(i + 1, { name: `Shop ${i}` })), sync: states.a },
        b: { sites: Array.from({ length: sites.b }, (_, i) => makeSite(i + 1, { name: `Clinic ${i}` })), sync: states.b },
      })
      const fake = createFakeApi(core.methods)
      fake.api.syncNow.mockImplementation(async ({ accountId }: { accountId: string }) => ok(states[accountId as 'a' | 'b']))
      const pinia = createTestingPinia({
        createSpy: vi.fn,
        stubActions: false,
        initialState: { accounts: { accounts: ACCOUNTS, activeAccountId: 'a', status: 'ready', scopeChoice: 'all' } },
      })
      await mountView(SitesView, fake, { path: '/sites', pinia })
      await flushPromises()
      return fake
    }

    it('says no account of the scope is synced yet, rather than that there are no sites, and Sync now syncs each', async () => {
      const fake = await mountUnsynced({ a: syncState('a', { lastSyncedAt: null }), b: syncState('b', { lastSyncedAt: null }) })
      expect(screen.getByText('Not synced yet')).toBeVisible()
      expect(screen.getByText("These accounts' sites appear here after their first sync with their servers.")).toBeVisible()
      expect(screen.queryByRole('table', { name: 'Sites' })).toBeNull()
      await person().click(screen.getByRole('button', { name: 'Sync now' }))
      await flushPromises()
      expect(fake.api.syncNow.mock.calls.map(([input]) => input)).toEqual([{ accountId: 'a' }, { accountId: 'b' }])
    })

    it('says why when an account with no sites yet failed its first sync, and Retry syncs it', async () => {
      const failed = syncState('b', { status: 'failed', lastSyncedAt: null, error: { code: 'network', message: 'Could not connect to bureau.example.' } })
      const fake = await mountUnsynced({ a: syncState('a'), b: failed })
      expect(screen.getByText(/Could not connect to bureau\.example\./)).toBeVisible()
      await person().click(screen.getByRole('button', { name: /Retry|Try again/ }))
      await flushPromises()
      expect(fake.api.syncNow.mock.calls.map(([input]) => input)).toEqual([{ accountId: 'b' }])
    })

    it('shows the rows of the synced accounts whatever the others are doing', async () => {
      await mountUnsynced({ a: syncState('a'), b: syncState('b', { lastSyncedAt: null }) }, { a: 2, b: 0 })
      expect(rowText().map((text) => text.split(' | ')[0])).toEqual(['Shop 0', 'Shop 1'])
      expect(screen.queryByText('Not synced yet')).toBeNull()
    })
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, onUpdated } from 'vue'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import type { Site } from '../../../../src/shared'
import SitesView from '../../../../src/renderer/src/views/SitesView.vue'
import SitesTable from '../../../../src/renderer/src/components/sites/SitesTable.vue'
import SyncBanner from '../../../../src/renderer/src/components/sync/SyncBanner.vue'
import { useSiteColumnsStore } from '../../../../src/renderer/src/stores/site-columns'
import { useUiStore } from '../../../../src/renderer/src/stores/ui'
import { createFakeApi, fail, makeSite, makeTag, memoryCore, ok, syncState, type AccountData } from '../support/fake-api'
import { mountInBody, mountView, person, testingPinia, testRouter, unmountAll } from '../support/mount'

const vip = makeTag(7, 'VIP')
const SITES = [
  makeSite(1, { name: 'Shop', url: 'https://shop.example.com', tags: [vip], updates_count: 3 }),
  makeSite(2, { name: 'Blog', url: 'https://blog.example.org', last_check_at: null, notes: 'Call Maria first' }),
  makeSite(3, { name: 'Docs', url: 'https://docs.example.net' }),
]

// Typed key by key on a busy machine: longer than the default 5 s.
const SLOW = 30_000

afterEach(() => {
  unmountAll()
  vi.useRealTimers()
})

function core(data: Partial<AccountData> = {}) {
  const made = memoryCore({ a: { sites: SITES.map((s) => ({ ...s })), tags: [vip], ...data } })
  return { ...made, fake: createFakeApi(made.methods) }
}

async function mountSites(fake: ReturnType<typeof core>['fake'], path = '/sites') {
  return mountView(SitesView, fake, { path })
}

/** The view under the banner App.vue puts above every view. */
async function mountWithBanner(fake: ReturnType<typeof core>['fake']) {
  const router = await testRouter('/sites')
  mountInBody(defineComponent({ render: () => h('div', [h(SyncBanner), h(SitesView)]) }), {
    global: { plugins: [fake.plugin, testingPinia(), router] },
  })
  await flushPromises()
}

const table = () => screen.getByRole('table', { name: 'Sites' })
/** The table's site rows (the header row has column headers, not cells). */
const siteRows = () => within(table()).getAllByRole('row').filter((row) => within(row).queryAllByRole('cell').length > 0)
const names = () => siteRows().map((row) => within(row).getAllByRole('cell')[1]!.textContent?.trim())
const header = (name: string) => within(table()).getByRole('columnheader', { name })
const search = () => screen.getByRole('searchbox', { name: 'Search sites' })
const syncStatus = () => screen.getByTestId('sync-status').textContent?.trim()

describe('SitesView', () => {
  it('shows what the store holds at once, a window of it, without waiting for the network, with how old it is', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2025-03-01T10:45:00.000Z'))
    const { fake } = core()
    await mountSites(fake)
    expect(fake.api.workspaceScope).toHaveBeenCalledWith({ scope: ['a'] })
    // Core is asked for the rows shown, never the whole list.
    expect(fake.api.sitesQuery).toHaveBeenCalled()
    for (const [query] of fake.api.sitesQuery.mock.calls) expect(query.limit).toBeLessThanOrEqual(100)
    expect(fake.api.syncNow).not.toHaveBeenCalled()
    expect(names()).toEqual(['Blog', 'Docs', 'Shop'])
    expect(screen.getByText('3 sites')).toBeVisible()
    expect(syncStatus()).toBe('Synced 3 minutes ago')
    const headers = within(table()).getAllByRole('columnheader').map((th) => th.textContent?.trim())
    // Which columns show by default is the table's business (sites-table tests); these always do.
    expect(headers).toEqual(expect.arrayContaining(['Name', 'Address', 'Status', 'Updates', 'PHP', 'MySQL', 'Web server', 'Tags']))
  })

  it('asks core for findings only while the Health column shows', async () => {
    const { fake } = core()
    await mountSites(fake)
    const lastColumns = () => fake.api.sitesQuery.mock.calls.at(-1)![0].columns
    expect(lastColumns()).toContain('health')
    useSiteColumnsStore().hide('a', 'health')
    await flushPromises()
    expect(lastColumns()).not.toContain('health')
    expect(lastColumns()).toContain('name')
  })

  it('keeps "Synced … ago" live', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(new Date('2025-03-01T10:42:20.000Z'))
    const { fake } = core()
    await mountSites(fake)
    expect(syncStatus()).toBe('Synced just now')
    vi.advanceTimersByTime(5 * 60_000)
    await flushPromises()
    expect(syncStatus()).toBe('Synced 5 minutes ago')
  })

  it('shows skeleton rows during the first sync, then the sites once core says the store changed', async () => {
    const { data, fake } = core({ sites: [], tags: [], sync: syncState('a', { status: 'syncing', lastSyncedAt: null }) })
    await mountSites(fake)
    expect(table().getAttribute('aria-busy')).toBe('true')
    // The skeleton rows are for the eye; only the header row is announced meanwhile.
    expect(within(table()).getAllByRole('row')).toHaveLength(1)
    expect(within(table()).getAllByRole('row', { hidden: true }).length).toBeGreaterThan(1)
    expect(syncStatus()).toBe('Syncing…')

    data.a!.sites = SITES.map((s) => ({ ...s }))
    data.a!.sync = syncState('a')
    fake.emit('sync:state', data.a!.sync)
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: true, events: false, changes: null })
    await flushPromises()
    expect(table().getAttribute('aria-busy')).toBeNull()
    expect(names()).toEqual(['Blog', 'Docs', 'Shop'])
  })

  it('shows how far a long sync is with a progress bar', async () => {
    const { fake } = core()
    await mountSites(fake)
    fake.emit('sync:state', syncState('a', { status: 'syncing', progress: { done: 240, total: 667 } }))
    await flushPromises()
    const bar = screen.getByRole('progressbar', { name: 'Sync progress' })
    expect(bar.getAttribute('aria-valuenow')).toBe('240')
    expect(bar.getAttribute('aria-valuemax')).toBe('667')
    expect(bar.getAttribute('aria-valuetext')).toBe('Syncing 240 of 667 pages')
    expect(syncStatus()).toBe('Syncing 240 of 667 pages')
    // The rows stay while the sync runs.
    expect(names()).toHaveLength(3)

    fake.emit('sync:state', syncState('a', { lastSyncedAt: new Date().toISOString() }))
    await flushPromises()
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(syncStatus()).toBe('Synced just now')
  })

  it('says the data is from the last sync when the server cannot be reached, and stays searchable', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2025-03-01T11:30:00.000Z'))
    const offline = syncState('a', { status: 'failed', error: { code: 'network', message: 'Could not connect to api.example.com.' } })
    const { fake } = core({ sync: offline })
    fake.api.syncNow.mockResolvedValue(ok(offline))
    await mountWithBanner(fake)
    const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(offline.lastSyncedAt!))
    const banner = screen.getByRole('alert')
    expect(banner.textContent).toContain(`Showing data from ${time}: the server cannot be reached.`)
    expect(banner.textContent).toContain('Could not connect to api.example.com.')

    const user = person()
    await user.type(search(), 'example.org')
    expect(names()).toEqual(['Blog'])
    await user.click(within(banner).getByRole('button', { name: 'Retry' }))
    await flushPromises()
    expect(fake.api.syncNow).toHaveBeenCalledWith({ accountId: 'a' })
    expect(screen.getByRole('alert').textContent).toContain('the server cannot be reached')
  })

  it('says when a sync the rate limit stopped goes on by itself', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2025-03-01T11:30:00.000Z'))
    const limited = syncState('a', {
      status: 'failed',
      error: { code: 'rate_limited', message: 'The server asked the app to slow down.', retryAfterMs: 6 * 60_000 },
    })
    const { fake } = core({ sync: limited })
    await mountWithBanner(fake)
    const resumes = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date('2025-03-01T11:36:00.000Z'))
    expect(screen.getByRole('alert').textContent).toContain(`the server asked the app to slow down; syncing again at ${resumes}.`)
  })

  it("says why when core cannot answer the view's rows, and Retry asks again", async () => {
    const { fake } = core()
    const answer = fake.api.sitesQuery.getMockImplementation()!
    fake.api.sitesQuery.mockResolvedValue(fail({ code: 'internal', message: 'The local store could not be read.' }))
    await mountSites(fake)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('The local store could not be read.')
    fake.api.sitesQuery.mockImplementation(answer)
    await person().click(within(alert).getByRole('button', { name: /Retry|Try again/ }))
    await flushPromises()
    expect(names()).toEqual(['Blog', 'Docs', 'Shop'])
  })

  it('shows a failed first sync as an error with Retry instead of an empty list', async () => {
    const failed = syncState('a', { status: 'failed', lastSyncedAt: null, error: { code: 'timeout', message: 'The server did not answer within 15 seconds.' } })
    const { data, fake } = core({ sites: [], tags: [], sync: failed })
    fake.api.syncNow.mockImplementation(async () => {
      data.a!.sites = SITES.map((s) => ({ ...s }))
      data.a!.sync = syncState('a')
      fake.emit('sync:state', data.a!.sync)
      fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: true, events: false, changes: null })
      return ok(data.a!.sync)
    })
    const { user } = await mountSites(fake)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('The server took too long')
    expect(alert.textContent).toContain('The server did not answer within 15 seconds.')
    expect(screen.queryByText('No sites yet')).toBeNull()
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await flushPromises()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(names()).toEqual(['Blog', 'Docs', 'Shop'])
  })

  it('Refresh asks core to sync the account', async () => {
    const { fake } = core()
    const { user } = await mountSites(fake)
    await user.click(screen.getByRole('button', { name: 'Refresh sites' }))
    await flushPromises()
    expect(fake.api.syncNow).toHaveBeenCalledWith({ accountId: 'a' })
  })

  it('searches every field, filters and sorts, and counts what is shown', async () => {
    const { fake } = core()
    const { user } = await mountSites(fake)
    await user.type(search(), 'example.org')
    expect(names()).toEqual(['Blog'])
    expect(screen.getByText('1 of 3 sites')).toBeVisible()
    await user.clear(search())
    await user.type(search(), 'maria')
    expect(names()).toEqual(['Blog'])
    await user.clear(search())
    await user.type(search(), 'vip')
    expect(names()).toEqual(['Shop'])
    await user.clear(search())

    await user.click(screen.getByRole('button', { name: 'Filter by tags' }))
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'VIP (1)' }))
    await user.keyboard('{Escape}')
    expect(names()).toEqual(['Shop'])
    await user.click(screen.getByRole('button', { name: 'Remove filter Tag: VIP' }))

    await user.click(screen.getByRole('checkbox', { name: 'Never checked' }))
    expect(names()).toEqual(['Blog'])
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(names()).toHaveLength(3)

    await user.click(within(header('Updates')).getByRole('button', { name: 'Updates' }))
    expect(header('Updates').getAttribute('aria-sort')).toBe('descending')
    expect(names()[0]).toBe('Shop')
    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }))
    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }))
    expect(header('Name').getAttribute('aria-sort')).toBe('descending')
    expect(names()).toEqual(['Shop', 'Docs', 'Blog'])
  }, SLOW)

  it('takes the tag filter from the address (/sites?tag=7)', async () => {
    const { fake } = core()
    await mountSites(fake, '/sites?tag=7')
    expect(names()).toEqual(['Shop'])
    expect(within(screen.getByRole('list', { name: 'Filters in use' })).getByText('Tag: VIP')).toBeVisible()
  })

  it('says so when nothing matches, and offers to clear the filters', async () => {
    const { fake } = core()
    const { user } = await mountSites(fake)
    await user.type(search(), 'nothing like this')
    expect(screen.getByText('No sites match')).toBeVisible()
    // The toolbar's and the empty state's: the latter comes last.
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!)
    expect(names()).toHaveLength(3)
  })

  it('shows an empty state with New site when the synced account has no sites', async () => {
    const { fake } = core({ sites: [] })
    const { pinia, user } = await mountSites(fake)
    expect(screen.getByText('No sites yet')).toBeVisible()
    const ui = useUiStore(pinia)
    // The header has New site too; the empty state's own button comes last.
    await user.click(screen.getAllByRole('button', { name: 'New site' }).at(-1)!)
    expect(ui.newSiteOpen).toBe(true)
  })

  it('follows sites created and deleted elsewhere when core says the store changed', async () => {
    const { data, fake } = core()
    await mountSites(fake)
    data.a!.sites = [...data.a!.sites.filter((s) => s.id !== 3), makeSite(4, { name: 'Atelier' })]
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(names()).toEqual(['Atelier', 'Blog', 'Shop'])
  })

  it('shows the quiet note when the server list kept moving during the sync', async () => {
    const { fake } = core({ sync: syncState('a', { notice: 'The site list kept changing while it was read; a few sites may be missing until the next sync.' }) })
    await mountWithBanner(fake)
    expect(screen.getByRole('note').textContent).toContain('The site list kept changing while it was read')
  })

  it('renders the table again for a keystroke only once its answer is in, not when it is asked', async () => {
    const { fake } = core()
    const { wrapper, user } = await mountSites(fake)
    let renders = 0
    onUpdated(() => renders++, wrapper.findComponent(SitesTable).vm.$)
    const answer = fake.api.sitesQuery.getMockImplementation()!
    let release = () => {}
    const gate = new Promise<void>((done) => (release = done))
    fake.api.sitesQuery.mockImplementation(async (query) => {
      await gate
      return answer(query)
    })
    await user.type(search(), 'b')
    await flushPromises()
    // Asked, not answered: the rows shown are the last answer's, and nothing of the table changed.
    expect(renders).toBe(0)
    expect(names()).toEqual(['Blog', 'Docs', 'Shop'])
    release()
    await flushPromises()
    expect(names()).toEqual(['Blog'])
    expect(renders).toBeGreaterThan(0)
  })

  it('renders only the visible rows of 10,000 sites and keeps the rows it can while the search narrows', async () => {
    const many: Site[] = Array.from({ length: 10_000 }, (_, i) => makeSite(i + 1, { name: `Site ${String(i).padStart(5, '0')}` }))
    const { fake } = core({ sites: many })
    const { user } = await mountSites(fake)
    expect(screen.getByText('10,000 sites')).toBeVisible()
    expect(siteRows().length).toBeGreaterThan(0)
    expect(siteRows().length).toBeLessThan(100)
    const firstRow = siteRows()[0]!
    await user.type(search(), 'site 0')
    // The first row is still the first match: patched in place, not mounted again.
    expect(siteRows()[0]).toBe(firstRow)
    await user.type(search(), '9999')
    expect(names()).toEqual(['Site 09999'])
    expect(screen.getByText('1 of 10,000 sites')).toBeVisible()
  }, SLOW)
})

// The events feed and the Events view: one query over the scope (the active account, or every
// account in the All scope), filters and search kept in the address, slices on demand, new
// events on top, and the site filter's choices asked of core.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import userEvent from '@testing-library/user-event'
import { screen, within } from '@testing-library/dom'
import EventFeed from '../../../../src/renderer/src/components/events/EventFeed.vue'
import EventsView from '../../../../src/renderer/src/views/EventsView.vue'
import type { EventSlice, Result, SiteEvent } from '../../../../src/shared'
import { createFakeApi, deferred, fail, makeAccount, makeEvent, makeSite, memoryCore, ok, syncState, type AccountData } from '../support/fake-api'
import { FakeIntersectionObserver } from '../support/intersection-observer'
import { mountView, person, unmountAll } from '../support/mount'

const SITES = [makeSite(1, { name: 'Alpha' }), makeSite(2, { name: 'Bravo' })]
const TYPES = ['updated_extension', 'new_extension', 'update_extension_available']
// 120 events, newest first when listed; site 9 is not in the snapshot.
const ALL: SiteEvent[] = Array.from({ length: 120 }, (_, i) => {
  const id = i + 1
  return makeEvent(id, { site_id: id === 120 ? 9 : (id % 2) + 1, type: TYPES[id % 3]!, message: id === 55 ? 'WooCommerce updated to 8.9' : `Message ${id}` })
})

function core(data: Partial<AccountData> = {}, more: Record<string, Partial<AccountData>> = {}) {
  const made = memoryCore({ a: { sites: SITES, events: [...ALL], ...data }, ...more })
  return { ...made, fake: createFakeApi(made.methods) }
}

const feedList = (name = 'Events') => screen.getByRole('list', { name })
const rowsOf = (name = 'Events') => within(feedList(name)).getAllByRole('listitem')
const summary = () => screen.getAllByRole('status')[0]!.textContent?.trim()
// The Site combobox's list, opened by its button; its options as listed.
const openSites = async (user = person()) => {
  Element.prototype.scrollIntoView = () => {} // jsdom has no layout
  await user.click(screen.getByRole('button', { name: 'Show sites' }))
  await flushPromises()
}
const siteOptions = () => within(screen.getByRole('listbox', { name: 'Sites' })).getAllByRole('option').map((o) => o.textContent?.trim())

beforeEach(() => FakeIntersectionObserver.install())
afterEach(() => {
  unmountAll()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView
})

describe('EventFeed', () => {
  const mountFeed = (fake: ReturnType<typeof core>['fake'], props: Record<string, unknown> = {}) =>
    mountView(EventFeed, fake, { props: { feedId: 'events', query: {}, ...props } })

  it('shows skeleton rows until the first slice arrives, then readable rows newest first with the total', async () => {
    const { fake, methods } = core()
    const first = deferred<Result<EventSlice>>()
    fake.api.eventsQuery.mockImplementationOnce(() => first.promise)
    await mountFeed(fake)
    expect(summary()).toBe('')
    expect(screen.getAllByRole('status')[1]!.textContent).toContain('Loading events')
    expect(screen.queryByRole('list', { hidden: true })).toBeNull()

    first.resolve(await methods.eventsQuery!({ scope: ['a'], limit: 50 }))
    await flushPromises()
    const rows = rowsOf()
    expect(rows).toHaveLength(50)
    expect(summary()).toBe('120 events')
    // Event 120: site 9 is not in the snapshot -> "Site #9"; type 120 % 3 = 0 -> updated.
    expect(rows[0]!.textContent).toContain('Extension updated')
    expect(rows[0]!.textContent).toContain('Message 120')
    const unknownSite = within(rows[0]!).getByRole('link')
    expect(unknownSite.textContent?.trim()).toBe('Site #9')
    expect(unknownSite.getAttribute('href')).toBe('/sites/9')
    // Event 119: site 2 (Bravo), 119 % 3 = 2 -> update available.
    expect(rows[1]!.textContent).toContain('Update available')
    expect(within(rows[1]!).getByRole('link').textContent?.trim()).toBe('Bravo')
    const time = within(rows[0]!).getByRole('time')
    expect(time.getAttribute('datetime')).toBe(ALL[119]!.created_at)
  })

  it('loads the next slice after the cursor on "Load more events", to the end', async () => {
    const { fake } = core()
    const { user } = await mountFeed(fake)
    await user.click(screen.getByRole('button', { name: 'Load more events' }))
    await flushPromises()
    expect(fake.api.eventsQuery).toHaveBeenLastCalledWith({ scope: ['a'], after: { createdAt: ALL[70]!.created_at, accountId: 'a', id: 71 }, limit: 50 })
    expect(rowsOf()).toHaveLength(100)
    await user.click(screen.getByRole('button', { name: 'Load more events' }))
    await flushPromises()
    expect(rowsOf()).toHaveLength(120)
    expect(screen.queryByRole('button', { name: 'Load more events', hidden: true })).toBeNull()
    expect(screen.getByText('That is every event.')).toBeVisible()
  })

  it('loads the next slice when the end scrolls into view, one per sighting', async () => {
    const { fake } = core()
    await mountFeed(fake)
    expect(fake.api.eventsQuery).toHaveBeenCalledTimes(1)
    FakeIntersectionObserver.reveal(true)
    await flushPromises()
    expect(rowsOf()).toHaveLength(100)
    // An entry measured before the rows came (delivered late) must not fetch another slice.
    FakeIntersectionObserver.reveal(true, 0)
    await flushPromises()
    expect(fake.api.eventsQuery).toHaveBeenCalledTimes(2)
    FakeIntersectionObserver.reveal(true)
    await flushPromises()
    expect(rowsOf()).toHaveLength(120)
  })

  it('shows a failed read with a Retry that reads again', async () => {
    const { fake, methods } = core()
    fake.api.eventsQuery.mockResolvedValueOnce(fail({ code: 'internal', message: 'The local store could not be read.' }))
    const { user } = await mountFeed(fake)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('The local store could not be read.')
    fake.api.eventsQuery.mockImplementation(methods.eventsQuery!)
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await flushPromises()
    expect(screen.queryByRole('alert', { hidden: true })).toBeNull()
    expect(rowsOf()).toHaveLength(50)
  })

  it('says so when there are no events, and shows skeleton rows instead while the first sync runs', async () => {
    const { data, fake } = core({ events: [], sync: syncState('a', { status: 'syncing', lastSyncedAt: null }) })
    await mountFeed(fake)
    expect(screen.getAllByRole('status')[1]!.textContent).toContain('Loading events')
    data.a!.sync = syncState('a')
    fake.emit('sync:state', data.a!.sync)
    await flushPromises()
    expect(screen.getByText('No events yet')).toBeVisible()
    expect(summary()).toBe('')
  })

  it('puts new events on top with a "new events" notice, keeping the rows loaded below', async () => {
    const { data, fake } = core()
    const { user } = await mountFeed(fake)
    await user.click(screen.getByRole('button', { name: 'Load more events' }))
    await flushPromises()
    expect(rowsOf()).toHaveLength(100)

    data.a!.events.push(makeEvent(121, { site_id: 1, message: 'Live one' }))
    fake.emit('events:new', { accountId: 'a', events: [makeEvent(121, { site_id: 1, message: 'Live one' })] })
    fake.emit('events:new', { accountId: 'other', events: [makeEvent(999, { message: 'Elsewhere' })] })
    await flushPromises()
    const rows = rowsOf()
    expect(rows).toHaveLength(101)
    expect(rows[0]!.textContent).toContain('Live one')
    expect(within(rows[0]!).getByText('New')).toBeVisible()
    expect(document.body.textContent).not.toContain('Elsewhere')
    expect(summary()).toBe('121 events')

    const scrolled = vi.fn()
    Element.prototype.scrollIntoView = scrolled // jsdom has no layout
    await user.click(screen.getByRole('button', { name: '1 new event' }))
    await flushPromises()
    expect(scrolled).toHaveBeenCalled()
    expect(screen.queryByRole('button', { name: /new event/, hidden: true })).toBeNull()
    expect(within(rowsOf()[0]!).queryByText('New')).toBeNull()
  })

  it("shows one site's feed without repeating the site's name", async () => {
    const { fake } = core()
    await mountFeed(fake, { feedId: 'site:2', query: { site: 'a:2' }, scope: ['a'], label: 'Events of Bravo' })
    expect(fake.api.eventsQuery).toHaveBeenCalledWith({ scope: ['a'], site: 'a:2', limit: 50 })
    expect(rowsOf('Events of Bravo').length).toBeGreaterThan(0)
    expect(within(feedList('Events of Bravo')).queryByRole('link', { hidden: true })).toBeNull()
  })
})

describe('EventsView', () => {
  async function mountEvents(path = '/events', data: Partial<AccountData> = {}) {
    const made = core(data)
    const mounted = await mountView(EventsView, made.fake, { path, route: '/events' })
    return { ...made, ...mounted }
  }

  const typeFilter = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Type' })
  const siteFilter = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Site' })
  const searchBox = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search events' })
  const fromDate = () => screen.getByLabelText<HTMLInputElement>('From')
  const toDate = () => screen.getByLabelText<HTMLInputElement>('To')
  const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent?.trim())

  it('has a heading, the sync status, a named list and labelled filters', async () => {
    await mountEvents()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Events')
    expect(screen.getByTestId('sync-status').textContent).toMatch(/^\s*Synced /)
    expect(feedList('Events')).toBeVisible()
    expect(searchBox()).toBeVisible()
    expect(fromDate().type).toBe('date')
    expect(toDate().type).toBe('date')
    expect(optionsOf(typeFilter())).toEqual(['All types', 'Extension installed', 'Extension updated', 'Update available'])
    // The sites are asked of core when the list opens, not with the view.
    expect(screen.queryByRole('listbox', { name: 'Sites' })).toBeNull()
    await openSites()
    expect(siteOptions()).toEqual(['All sites', 'Alpha', 'Bravo'])
  })

  it('filters by type and site in the store, and keeps them in the address', async () => {
    const { router, fake, user } = await mountEvents()
    await user.selectOptions(typeFilter(), 'Extension installed')
    await flushPromises()
    expect(router.currentRoute.value.query.type).toBe('new_extension')
    expect(fake.api.eventsQuery).toHaveBeenLastCalledWith({ scope: ['a'], types: ['new_extension'], limit: 50 })
    for (const row of rowsOf()) expect(row.textContent).toContain('Extension installed')
    expect(summary()).toBe(`${ALL.filter((e) => e.type === 'new_extension').length} matching events`)

    Element.prototype.scrollIntoView = () => {} // jsdom has no layout
    await user.type(siteFilter(), 'alp')
    await flushPromises()
    await user.click(screen.getByRole('option', { name: 'Alpha' }))
    await flushPromises()
    expect(router.currentRoute.value.query.site).toBe('a:1')
    expect(fake.api.eventsQuery).toHaveBeenLastCalledWith({ scope: ['a'], site: 'a:1', types: ['new_extension'], limit: 50 })
    for (const row of rowsOf('Events of Alpha')) expect(within(row).getByRole('link').textContent?.trim()).toBe('Alpha')

    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({})
    expect(rowsOf('Events')).toHaveLength(50)
  })

  it('searches the text about 150 ms after typing stops, with one query for the whole word', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { router, fake } = await mountEvents()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const before = fake.api.eventsQuery.mock.calls.length
    await user.type(searchBox(), 'woocommerce')
    expect(fake.api.eventsQuery).toHaveBeenCalledTimes(before)
    vi.advanceTimersByTime(149)
    expect(router.currentRoute.value.query.q).toBeUndefined()
    vi.advanceTimersByTime(1)
    vi.useRealTimers()
    await flushPromises()
    expect(router.currentRoute.value.query.q).toBe('woocommerce')
    expect(fake.api.eventsQuery).toHaveBeenCalledTimes(before + 1)
    expect(fake.api.eventsQuery).toHaveBeenLastCalledWith({ scope: ['a'], text: 'woocommerce', limit: 50 })
    expect(rowsOf().map((r) => r.textContent)).toEqual([expect.stringContaining('WooCommerce updated to 8.9')])
    expect(summary()).toBe('1 matching event')
  })

  it('limits to a date range, from the start of the first day to the end of the last, in local time', async () => {
    const { fake, router } = await mountEvents()
    const user = person()
    await user.type(fromDate(), '2025-01-01')
    await user.type(toDate(), '2025-01-01')
    await flushPromises()
    expect(router.currentRoute.value.query).toMatchObject({ from: '2025-01-01', to: '2025-01-01' })
    expect(fake.api.eventsQuery).toHaveBeenLastCalledWith({
      scope: ['a'],
      from: new Date(2025, 0, 1).toISOString(),
      to: new Date(2025, 0, 1, 23, 59, 59, 999).toISOString(),
      limit: 50,
    })
  })

  it('says when the dates are the wrong way round', async () => {
    await mountEvents('/events?from=2025-02-01&to=2025-01-01')
    expect(fromDate().getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('The start date is after the end date.')).toBeVisible()
    expect(screen.getByText('No events match')).toBeVisible()
  })

  it('opens with the filters given in the address, the site named at once', async () => {
    const { fake } = await mountEvents('/events?site=a%3A2&type=updated_extension&q=message')
    expect(siteFilter().value).toBe('Bravo')
    expect(typeFilter().value).toBe('updated_extension')
    expect(searchBox().value).toBe('message')
    expect(fake.api.eventsQuery).toHaveBeenCalledWith({ scope: ['a'], site: 'a:2', types: ['updated_extension'], text: 'message', limit: 50 })
    expect(feedList('Events of Bravo')).toBeVisible()
  })

  it("reads an older address's bare site id as the active account's site", async () => {
    const { fake } = await mountEvents('/events?site=2')
    expect(siteFilter().value).toBe('Bravo')
    expect(fake.api.eventsQuery).toHaveBeenCalledWith({ scope: ['a'], site: 'a:2', limit: 50 })
  })

  it('Refresh asks core to sync; the events it stores then show on top', async () => {
    const { data, fake, user } = await mountEvents()
    fake.api.syncNow.mockImplementation(async () => {
      data.a!.events.push(makeEvent(130, { site_id: 2, message: 'From the sync' }))
      fake.emit('workspace:changed', { accountId: 'a', sites: false, tags: false, events: true, changes: null })
      return ok(data.a!.sync)
    })
    await user.click(screen.getByRole('button', { name: 'Refresh events' }))
    await flushPromises()
    expect(fake.api.syncNow).toHaveBeenCalledWith({ accountId: 'a' })
    expect(rowsOf()[0]!.textContent).toContain('From the sync')
    expect(screen.getByRole('button', { name: '1 new event' })).toBeVisible()
  })
})

describe('EventsView in the All accounts scope', () => {
  const ACCOUNTS = [makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Bureau' })]
  const B_EVENTS = [
    // The newest event of all, and one at the same instant and id as a's newest.
    makeEvent(7, { site_id: 1, message: 'Bureau newest', created_at: '2030-01-01T00:00:00Z' }),
    makeEvent(120, { site_id: 1, message: 'Bureau twin', created_at: ALL[119]!.created_at }),
  ]

  async function mountAll(path = '/events') {
    const made = core({}, { b: { sites: [makeSite(1, { name: 'Clinic' })], events: [...B_EVENTS] } })
    const pinia = createTestingPinia({
      createSpy: vi.fn,
      stubActions: false,
      initialState: { accounts: { accounts: ACCOUNTS, activeAccountId: 'a', status: 'ready', scopeChoice: 'all' } },
    })
    const mounted = await mountView(EventsView, made.fake, { path, route: '/events', pinia })
    return { ...made, ...mounted }
  }

  it('lists every account in one query, newest first, each event naming its account and linking its site there', async () => {
    const { fake } = await mountAll()
    expect(fake.api.eventsQuery).toHaveBeenCalledTimes(1)
    expect(fake.api.eventsQuery).toHaveBeenCalledWith({ scope: ['a', 'b'], limit: 50 })
    expect(summary()).toBe('122 events')
    const rows = rowsOf('Events of all accounts')
    expect(rows[0]!.textContent).toContain('Bureau newest')
    // Same time, same id: account b sorts after a, newest first.
    expect(rows[1]!.textContent).toContain('Bureau twin')
    expect(rows[2]!.textContent).toContain('Message 120')
    expect(rows[0]!.textContent).toContain('Bureau')
    expect(rows[2]!.textContent).toContain('Agency')
    expect(within(rows[0]!).getByRole('link', { name: 'Clinic' }).getAttribute('href')).toBe('/sites/1?account=b')
    expect(within(rows[3]!).getByRole('link', { name: 'Bravo' }).getAttribute('href')).toBe('/sites/2?account=a')
  })

  it("offers every account's sites named with their account, and filters by one in its own account", async () => {
    const { fake, router, user } = await mountAll()
    await openSites(user)
    expect(siteOptions()).toEqual(['All sites', 'Alpha (Agency)', 'Bravo (Agency)', 'Clinic (Bureau)'])
    await user.click(screen.getByRole('option', { name: 'Clinic (Bureau)' }))
    await flushPromises()
    expect(router.currentRoute.value.query.site).toBe('b:1')
    expect(fake.api.eventsQuery).toHaveBeenLastCalledWith({ scope: ['a', 'b'], site: 'b:1', limit: 50 })
    expect(rowsOf('Events of Clinic').map((r) => r.textContent)).toEqual([expect.stringContaining('Bureau newest'), expect.stringContaining('Bureau twin')])
  })

})

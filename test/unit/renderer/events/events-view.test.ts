import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import EventFeed from '../../../../src/renderer/src/components/events/EventFeed.vue'
import EventsView from '../../../../src/renderer/src/views/EventsView.vue'
import type { Page, Result, Site, SiteEvent } from '../../../../src/shared'
import { deferred, fail, installFakeApi, makeEvent, ok, pageOf, type FakeApi } from '../support/fake-api'
import { FakeIntersectionObserver } from '../support/intersection-observer'
import { mountInBody, person, testRouter, testingPinia, unmountAll } from '../support/mount'

function site(id: number, name: string): Site {
  const at = '2025-01-01T00:00:00+00:00'
  return {
    id,
    name,
    url: `https://${name.toLowerCase()}.example`,
    admin_url: `https://${name.toLowerCase()}.example/admin`,
    notes: '',
    status: 'Ok',
    published: 1,
    tags: [],
    server: { ip: null, web: null, php: null, mysql: null },
    updates_count: 0,
    created_at: at,
    updated_at: at,
    last_check_at: null,
  }
}

const SITES = [site(1, 'Alpha'), site(2, 'Bravo')]
// 20 events, newest first: two pages (15 + 5). Site 9 is not in the site list.
const ALL: SiteEvent[] = Array.from({ length: 20 }, (_, i) => {
  const id = 20 - i
  const types = ['updated_extension', 'new_extension', 'update_extension_available']
  return makeEvent(id, { site_id: id === 20 ? 9 : (id % 2) + 1, type: types[id % 3]!, message: `Message ${id}` })
})

function sitesApi() {
  return {
    sitesList: async () => ok(pageOf(SITES, 1)),
    sitesAll: async () => ok(SITES),
  }
}

async function mountFeed(fake: FakeApi, props: Record<string, unknown> = {}) {
  const router = await testRouter('/')
  mountInBody(EventFeed, { props, global: { plugins: [testingPinia(), router] } })
  void fake
  await flushPromises()
  return { user: person() }
}

const feedList = (name = 'Events') => screen.getByRole('list', { name })
const rowsOf = (name = 'Events') => within(feedList(name)).getAllByRole('listitem')

describe('EventFeed', () => {
  beforeEach(() => FakeIntersectionObserver.install())
  afterEach(() => {
    unmountAll()
    vi.unstubAllGlobals()
    delete (Element.prototype as any).scrollIntoView
  })

  it('shows skeleton rows until the first page arrives, then readable rows newest first', async () => {
    const first = deferred<Result<Page<SiteEvent>>>()
    const fake = installFakeApi({ ...sitesApi(), eventsList: () => first.promise })
    await mountFeed(fake)
    // The summary bar holds its place (empty) above the skeleton, so the list does not move
    // down later; the skeleton says what is loading.
    const [summary, loading] = screen.getAllByRole('status')
    expect(summary!.textContent?.trim()).toBe('')
    expect(loading!.textContent).toContain('Loading events')
    expect(screen.queryByRole('list', { hidden: true })).toBeNull()

    first.resolve(ok(pageOf(ALL, 1)))
    await flushPromises()
    const rows = rowsOf('Events')
    expect(rows).toHaveLength(15)
    // Event 20: site 9 is unknown to the site list -> "Site #9"; type 20 % 3 = 2 -> update available.
    expect(rows[0]!.textContent).toContain('Update available')
    expect(rows[0]!.textContent).toContain('Message 20')
    const unknownSite = within(rows[0]!).getByRole('link')
    expect(unknownSite.textContent?.trim()).toBe('Site #9')
    expect(unknownSite.getAttribute('href')).toBe('/sites/9')
    // Event 19: site 2 (Bravo), type 19 % 3 = 1 -> extension installed.
    expect(rows[1]!.textContent).toContain('Extension installed')
    expect(within(rows[1]!).getByRole('link').textContent?.trim()).toBe('Bravo')
    expect(rows[2]!.textContent).toContain('Extension updated')
    // The exact local time is on hover, the machine time in datetime.
    const time = within(rows[0]!).getByRole('time')
    expect(time.getAttribute('datetime')).toBe(ALL[0]!.created_at)
    expect(time.getAttribute('title')).toMatch(/2025/)
    expect(fake.api.eventsList).toHaveBeenCalledWith({ accountId: 'a', page: 1 })
  })

  it('names an unknown type in plain words with a neutral icon', async () => {
    const fake = installFakeApi({
      ...sitesApi(),
      eventsList: async () => ok(pageOf([makeEvent(1, { type: 'backup_finished', message: 'Nightly backup' })], 1)),
    })
    await mountFeed(fake)
    const row = rowsOf()[0]!
    expect(row.textContent).toContain('Backup finished')
    // The type icon is decorative (hidden from assistive technology, so it has no role): it
    // is the row's leading badge, and says its kind in data-kind.
    expect(row.firstElementChild?.getAttribute('data-kind')).toBe('other')
  })

  it('loads the next page on "Load more events" until the last page, by page number', async () => {
    const fake = installFakeApi({ ...sitesApi(), eventsList: async ({ page = 1 }) => ok(pageOf(ALL, page)) })
    const { user } = await mountFeed(fake)
    expect(screen.getByText('Showing 15 of 20 events')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Load more events' }))
    await flushPromises()
    expect(fake.api.eventsList).toHaveBeenLastCalledWith({ accountId: 'a', page: 2 })
    expect(rowsOf()).toHaveLength(20)
    expect(screen.queryByRole('button', { name: 'Load more events', hidden: true })).toBeNull()
    expect(screen.getByText('That is every event.')).toBeTruthy()
  })

  it('loads the next page when the end of the list scrolls into view, one page per sighting', async () => {
    const many = Array.from({ length: 40 }, (_, i) => makeEvent(40 - i))
    const fake = installFakeApi({ ...sitesApi(), eventsList: async ({ page = 1 }) => ok(pageOf(many, page)) })
    await mountFeed(fake)
    expect(fake.api.eventsList).toHaveBeenCalledTimes(1)

    FakeIntersectionObserver.reveal(true)
    await flushPromises()
    expect(fake.api.eventsList).toHaveBeenLastCalledWith({ accountId: 'a', page: 2 })
    expect(rowsOf()).toHaveLength(30)
    // The end moved down with the new rows: neither the old "in view" answer nor an entry
    // measured before the rows came (delivered late) may fetch page 3.
    FakeIntersectionObserver.reveal(true, 0)
    await flushPromises()
    expect(fake.api.eventsList).toHaveBeenCalledTimes(2)

    FakeIntersectionObserver.reveal(true)
    await flushPromises()
    expect(fake.api.eventsList).toHaveBeenLastCalledWith({ accountId: 'a', page: 3 })
    expect(rowsOf()).toHaveLength(40)
  })

  it('shows a failed first page with a Retry that loads it', async () => {
    let answer: Result<Page<SiteEvent>> = fail({ code: 'network', message: 'Could not connect to 127.0.0.1:9.' })
    const fake = installFakeApi({ ...sitesApi(), eventsList: async () => answer })
    const { user } = await mountFeed(fake)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Cannot reach the server')
    expect(alert.textContent).toContain('Could not connect to 127.0.0.1:9.')

    answer = ok(pageOf(ALL, 1))
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await flushPromises()
    expect(screen.queryByRole('alert', { hidden: true })).toBeNull()
    expect(rowsOf()).toHaveLength(15)
  })

  it('says so when there are no events', async () => {
    const fake = installFakeApi({ ...sitesApi(), eventsList: async () => ok(pageOf([], 1)) })
    await mountFeed(fake)
    expect(screen.getByText('No events yet')).toBeTruthy()
    expect(screen.queryByRole('list', { hidden: true })).toBeNull()
    // The empty state says it all; no "Showing 0 of 0 events" above it.
    expect(document.body.textContent).not.toContain('Showing')
  })

  it('puts live events on top with a "new events" notice that goes once acknowledged', async () => {
    const fake = installFakeApi({ ...sitesApi(), eventsList: async ({ page = 1 }) => ok(pageOf(ALL, page)) })
    const { user } = await mountFeed(fake)

    fake.emit('events:new', { accountId: 'a', events: [makeEvent(30, { site_id: 1, message: 'Live one' })] })
    fake.emit('events:new', { accountId: 'other', events: [makeEvent(31, { message: 'Elsewhere' })] })
    await flushPromises()
    expect(rowsOf()[0]!.textContent).toContain('Live one')
    expect(document.body.textContent).not.toContain('Elsewhere')
    const notice = screen.getByRole('button', { name: '1 new event' })

    const scrolled = vi.fn()
    Element.prototype.scrollIntoView = scrolled // jsdom has no layout
    await user.click(notice)
    await flushPromises()
    expect(scrolled).toHaveBeenCalled()
    expect(screen.queryByRole('button', { name: /new event/, hidden: true })).toBeNull()
  })

  it("shows one site's feed from eventsListForSite without repeating the site's name", async () => {
    const fake = installFakeApi({
      ...sitesApi(),
      eventsListForSite: async ({ siteId, page = 1 }) => ok(pageOf(ALL.filter((e) => e.site_id === siteId), page)),
    })
    await mountFeed(fake, { siteId: 2, label: 'Events of Bravo' })
    expect(fake.api.eventsListForSite).toHaveBeenCalledWith({ accountId: 'a', siteId: 2, page: 1 })
    expect(fake.api.eventsList).not.toHaveBeenCalled()
    expect(rowsOf('Events of Bravo').length).toBeGreaterThan(0)
    expect(within(feedList('Events of Bravo')).queryByRole('link', { hidden: true })).toBeNull()
  })
})

describe('EventsView', () => {
  beforeEach(() => FakeIntersectionObserver.install())
  afterEach(() => {
    unmountAll()
    vi.unstubAllGlobals()
  })

  async function mountView(path = '/events') {
    const fake = installFakeApi({
      ...sitesApi(),
      eventsList: async ({ page = 1 }) => ok(pageOf(ALL, page)),
      eventsListForSite: async ({ siteId, page = 1 }) => ok(pageOf(ALL.filter((e) => e.site_id === siteId), page)),
    })
    const router = await testRouter(path, [{ path: '/events', component: EventsView }])
    mountInBody({ template: '<RouterView />' }, { global: { plugins: [testingPinia(), router] } })
    await flushPromises()
    return { fake, router, user: person() }
  }

  const typeFilter = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Type' })
  const siteFilter = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Site' })
  const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent?.trim())

  it('has a heading, a named list and filters labelled Type and Site', async () => {
    await mountView()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Events')
    expect(feedList('Events')).toBeTruthy()
    expect(optionsOf(typeFilter())).toEqual(['All types', 'Extension installed', 'Extension updated', 'Update available'])
    expect(optionsOf(siteFilter())).toEqual(['All sites', 'Alpha', 'Bravo'])
  })

  it('filters the loaded events by type', async () => {
    const { router, user } = await mountView()
    await user.selectOptions(typeFilter(), 'Extension installed')
    await flushPromises()
    expect(router.currentRoute.value.query.type).toBe('new_extension')
    const rows = rowsOf()
    expect(rows.length).toBe(ALL.slice(0, 15).filter((e) => e.type === 'new_extension').length)
    for (const row of rows) expect(row.textContent).toContain('Extension installed')
  })

  it("switches to the site's own feed when filtered by site, and back", async () => {
    const { router, fake, user } = await mountView()
    await user.selectOptions(siteFilter(), 'Alpha')
    await flushPromises()
    expect(router.currentRoute.value.query.site).toBe('1')
    expect(fake.api.eventsListForSite).toHaveBeenCalledWith({ accountId: 'a', siteId: 1, page: 1 })
    const rows = rowsOf('Events of Alpha')
    for (const row of rows) expect(within(row).getByRole('link').textContent?.trim()).toBe('Alpha')

    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({})
    expect(feedList('Events')).toBeTruthy()
  })

  it('opens with the filters given in the address', async () => {
    const { fake } = await mountView('/events?site=2&type=updated_extension')
    expect(siteFilter().value).toBe('2')
    expect(typeFilter().value).toBe('updated_extension')
    expect(fake.api.eventsListForSite).toHaveBeenCalledWith({ accountId: 'a', siteId: 2, page: 1 })
  })
})

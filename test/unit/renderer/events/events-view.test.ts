import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import EventFeed from '../../../../src/renderer/src/components/events/EventFeed.vue'
import EventsView from '../../../../src/renderer/src/views/EventsView.vue'
import type { Page, Result, Site, SiteEvent } from '../../../../src/shared'
import { deferred, fail, installFakeApi, makeEvent, ok, pageOf, type FakeApi } from '../support/fake-api'
import { FakeIntersectionObserver } from '../support/intersection-observer'
import { testRouter, testingPinia } from '../support/mount'

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
  const wrapper = mount(EventFeed, { props, global: { plugins: [testingPinia(), router] }, attachTo: document.body })
  void fake
  await flushPromises()
  return wrapper
}

const rowsOf = (wrapper: ReturnType<typeof mount>) => wrapper.findAll('li')

describe('EventFeed', () => {
  beforeEach(() => FakeIntersectionObserver.install())
  afterEach(() => {
    vi.unstubAllGlobals()
    delete (Element.prototype as any).scrollIntoView
    document.body.innerHTML = ''
  })

  it('shows skeleton rows until the first page arrives, then readable rows newest first', async () => {
    const first = deferred<Result<Page<SiteEvent>>>()
    const fake = installFakeApi({ ...sitesApi(), eventsList: () => first.promise })
    const router = await testRouter('/')
    const wrapper = mount(EventFeed, { global: { plugins: [testingPinia(), router] } })
    await flushPromises()
    expect(wrapper.find('[role="status"]').text()).toContain('Loading events')
    expect(wrapper.find('ol').exists()).toBe(false)
    // The summary bar holds its place above the skeleton, so the list does not move down later.
    const barWhileLoading = wrapper.find('p[aria-live="polite"]')
    expect(barWhileLoading.exists()).toBe(true)

    first.resolve(ok(pageOf(ALL, 1)))
    await flushPromises()
    const list = wrapper.get('ol')
    expect(list.attributes('aria-label')).toBe('Events')
    const rows = rowsOf(wrapper)
    expect(rows).toHaveLength(15)
    // Event 20: site 9 is unknown to the site list -> "Site #9"; type 20 % 3 = 2 -> update available.
    expect(rows[0]!.text()).toContain('Update available')
    expect(rows[0]!.text()).toContain('Message 20')
    expect(rows[0]!.get('a').text()).toBe('Site #9')
    expect(rows[0]!.get('a').attributes('href')).toBe('/sites/9')
    // Event 19: site 2 (Bravo), type 19 % 3 = 1 -> extension installed.
    expect(rows[1]!.text()).toContain('Extension installed')
    expect(rows[1]!.get('a').text()).toBe('Bravo')
    expect(rows[2]!.text()).toContain('Extension updated')
    // The exact local time is on hover, the machine time in datetime.
    const time = rows[0]!.get('time')
    expect(time.attributes('datetime')).toBe(ALL[0]!.created_at)
    expect(time.attributes('title')).toMatch(/2025/)
    expect(fake.api.eventsList).toHaveBeenCalledWith({ accountId: 'a', page: 1 })
  })

  it('names an unknown type in plain words with a neutral icon', async () => {
    const fake = installFakeApi({
      ...sitesApi(),
      eventsList: async () => ok(pageOf([makeEvent(1, { type: 'backup_finished', message: 'Nightly backup' })], 1)),
    })
    const wrapper = await mountFeed(fake)
    const row = rowsOf(wrapper)[0]!
    expect(row.text()).toContain('Backup finished')
    expect(row.find('[data-kind="other"]').exists()).toBe(true)
  })

  it('loads the next page on "Load more events" until the last page, by page number', async () => {
    const fake = installFakeApi({ ...sitesApi(), eventsList: async ({ page = 1 }) => ok(pageOf(ALL, page)) })
    const wrapper = await mountFeed(fake)
    expect(wrapper.text()).toContain('Showing 15 of 20 events')

    const more = wrapper.findAll('button').find((b) => b.text() === 'Load more events')!
    await more.trigger('click')
    await flushPromises()
    expect(fake.api.eventsList).toHaveBeenLastCalledWith({ accountId: 'a', page: 2 })
    expect(rowsOf(wrapper)).toHaveLength(20)
    expect(wrapper.findAll('button').some((b) => b.text() === 'Load more events')).toBe(false)
    expect(wrapper.text()).toContain('That is every event.')
  })

  it('loads the next page when the end of the list scrolls into view, one page per sighting', async () => {
    const many = Array.from({ length: 40 }, (_, i) => makeEvent(40 - i))
    const fake = installFakeApi({ ...sitesApi(), eventsList: async ({ page = 1 }) => ok(pageOf(many, page)) })
    const wrapper = await mountFeed(fake)
    expect(fake.api.eventsList).toHaveBeenCalledTimes(1)

    FakeIntersectionObserver.reveal(true)
    await flushPromises()
    expect(fake.api.eventsList).toHaveBeenLastCalledWith({ accountId: 'a', page: 2 })
    expect(rowsOf(wrapper)).toHaveLength(30)
    // The end moved down with the new rows: neither the old "in view" answer nor an entry
    // measured before the rows came (delivered late) may fetch page 3.
    FakeIntersectionObserver.reveal(true, 0)
    await flushPromises()
    expect(fake.api.eventsList).toHaveBeenCalledTimes(2)

    FakeIntersectionObserver.reveal(true)
    await flushPromises()
    expect(fake.api.eventsList).toHaveBeenLastCalledWith({ accountId: 'a', page: 3 })
    expect(rowsOf(wrapper)).toHaveLength(40)
  })

  it('shows a failed first page with a Retry that loads it', async () => {
    let answer: Result<Page<SiteEvent>> = fail({ code: 'network', message: 'Could not connect to 127.0.0.1:9.' })
    installFakeApi({ ...sitesApi(), eventsList: async () => answer })
    const router = await testRouter('/')
    const wrapper = mount(EventFeed, { global: { plugins: [testingPinia(), router] } })
    await flushPromises()
    const alert = wrapper.get('[role="alert"]')
    expect(alert.text()).toContain('Cannot reach the server')
    expect(alert.text()).toContain('Could not connect to 127.0.0.1:9.')

    answer = ok(pageOf(ALL, 1))
    await alert.get('button').trigger('click')
    await flushPromises()
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)
    expect(rowsOf(wrapper)).toHaveLength(15)
  })

  it('says so when there are no events', async () => {
    const fake = installFakeApi({ ...sitesApi(), eventsList: async () => ok(pageOf([], 1)) })
    const wrapper = await mountFeed(fake)
    expect(wrapper.text()).toContain('No events yet')
    expect(wrapper.find('ol').exists()).toBe(false)
    // The empty state says it all; no "Showing 0 of 0 events" above it.
    expect(wrapper.text()).not.toContain('Showing')
  })

  it('puts live events on top with a "new events" notice that goes once acknowledged', async () => {
    const fake = installFakeApi({ ...sitesApi(), eventsList: async ({ page = 1 }) => ok(pageOf(ALL, page)) })
    const wrapper = await mountFeed(fake)

    fake.emit('events:new', { accountId: 'a', events: [makeEvent(30, { site_id: 1, message: 'Live one' })] })
    fake.emit('events:new', { accountId: 'other', events: [makeEvent(31, { message: 'Elsewhere' })] })
    await flushPromises()
    expect(rowsOf(wrapper)[0]!.text()).toContain('Live one')
    expect(wrapper.text()).not.toContain('Elsewhere')
    const notice = wrapper.findAll('button').find((b) => b.text() === '1 new event')!
    expect(notice).toBeDefined()

    const scrolled = vi.fn()
    Element.prototype.scrollIntoView = scrolled // jsdom has no layout
    await notice.trigger('click')
    await flushPromises()
    expect(scrolled).toHaveBeenCalled()
    expect(wrapper.findAll('button').some((b) => b.text().includes('new event'))).toBe(false)
  })

  it("shows one site's feed from eventsListForSite without repeating the site's name", async () => {
    const fake = installFakeApi({
      ...sitesApi(),
      eventsListForSite: async ({ siteId, page = 1 }) => ok(pageOf(ALL.filter((e) => e.site_id === siteId), page)),
    })
    const wrapper = await mountFeed(fake, { siteId: 2, label: 'Events of Bravo' })
    expect(fake.api.eventsListForSite).toHaveBeenCalledWith({ accountId: 'a', siteId: 2, page: 1 })
    expect(fake.api.eventsList).not.toHaveBeenCalled()
    expect(wrapper.get('ol').attributes('aria-label')).toBe('Events of Bravo')
    expect(rowsOf(wrapper).length).toBeGreaterThan(0)
    expect(wrapper.get('ol').find('a').exists()).toBe(false)
  })
})

describe('EventsView', () => {
  beforeEach(() => FakeIntersectionObserver.install())
  afterEach(() => vi.unstubAllGlobals())

  async function mountView(path = '/events') {
    const fake = installFakeApi({
      ...sitesApi(),
      eventsList: async ({ page = 1 }) => ok(pageOf(ALL, page)),
      eventsListForSite: async ({ siteId, page = 1 }) => ok(pageOf(ALL.filter((e) => e.site_id === siteId), page)),
    })
    const router = await testRouter(path, [{ path: '/events', component: EventsView }])
    const wrapper = mount({ template: '<RouterView />' }, { global: { plugins: [testingPinia(), router] } })
    await flushPromises()
    return { fake, router, wrapper }
  }

  it('has a heading, a named list and filters labelled Type and Site', async () => {
    const { wrapper } = await mountView()
    expect(wrapper.get('h1').text()).toBe('Events')
    const type = wrapper.get('select#event-filter-type')
    const site = wrapper.get('select#event-filter-site')
    expect(wrapper.get('label[for="event-filter-type"]').text()).toBe('Type')
    expect(wrapper.get('label[for="event-filter-site"]').text()).toBe('Site')
    expect(type.findAll('option').map((o) => o.text())).toEqual([
      'All types',
      'Extension installed',
      'Extension updated',
      'Update available',
    ])
    expect(site.findAll('option').map((o) => o.text())).toEqual(['All sites', 'Alpha', 'Bravo'])
  })

  it('filters the loaded events by type', async () => {
    const { wrapper, router } = await mountView()
    await wrapper.get('select#event-filter-type').setValue('new_extension')
    await flushPromises()
    expect(router.currentRoute.value.query.type).toBe('new_extension')
    const rows = wrapper.findAll('li')
    expect(rows.length).toBe(ALL.slice(0, 15).filter((e) => e.type === 'new_extension').length)
    for (const row of rows) expect(row.text()).toContain('Extension installed')
  })

  it("switches to the site's own feed when filtered by site, and back", async () => {
    const { wrapper, router, fake } = await mountView()
    await wrapper.get('select#event-filter-site').setValue('1')
    await flushPromises()
    expect(router.currentRoute.value.query.site).toBe('1')
    expect(fake.api.eventsListForSite).toHaveBeenCalledWith({ accountId: 'a', siteId: 1, page: 1 })
    expect(wrapper.get('ol').attributes('aria-label')).toBe('Events of Alpha')
    for (const row of wrapper.findAll('li')) expect(row.get('a').text()).toBe('Alpha')

    const clear = wrapper.findAll('button').find((b) => b.text() === 'Clear filters')!
    await clear.trigger('click')
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({})
    expect(wrapper.get('ol').attributes('aria-label')).toBe('Events')
  })

  it('opens with the filters given in the address', async () => {
    const { wrapper, fake } = await mountView('/events?site=2&type=updated_extension')
    expect((wrapper.get('select#event-filter-site').element as HTMLSelectElement).value).toBe('2')
    expect((wrapper.get('select#event-filter-type').element as HTMLSelectElement).value).toBe('updated_extension')
    expect(fake.api.eventsListForSite).toHaveBeenCalledWith({ accountId: 'a', siteId: 2, page: 1 })
  })
})

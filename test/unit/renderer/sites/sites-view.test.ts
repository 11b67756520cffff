import { afterEach, describe, expect, it } from 'vitest'
import { mount, type VueWrapper } from '@vue/test-utils'
import type { Result, Site } from '../../../../src/shared'
import SitesView from '../../../../src/renderer/src/views/SitesView.vue'
import { useUiStore } from '../../../../src/renderer/src/stores/ui'
import { deferred, fail, installFakeApi, makeSite, makeTag, ok, pageOf, settle } from '../support/fake-api'
import { testingPinia, testRouter } from '../support/mount'

const vip = makeTag(7, 'VIP')
const sites = [
  makeSite(1, { name: 'Shop', url: 'https://shop.example.com', tags: [vip], updates_count: 3 }),
  makeSite(2, { name: 'Blog', url: 'https://blog.example.org', last_check_at: null }),
  makeSite(3, { name: 'Docs', url: 'https://docs.example.net' }),
]

let wrapper: VueWrapper | null = null
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
})

async function mountView(path = '/sites') {
  const router = await testRouter(path)
  const pinia = testingPinia()
  wrapper = mount(SitesView, { global: { plugins: [pinia, router] }, attachTo: document.body })
  await settle()
  return { wrapper, router, pinia }
}

function names(w: VueWrapper): string[] {
  return w.findAll('tbody tr').map((row) => row.find('td').text())
}

describe('SitesView', () => {
  it('shows skeleton rows of fixed height while loading, then the sites with their counts', async () => {
    const all = deferred<Result<Site[]>>()
    const page = deferred<Result<ReturnType<typeof pageOf<Site>>>>()
    installFakeApi({ sitesList: () => page.promise, sitesAll: () => all.promise, tagsAll: async () => ok([vip]) })
    const { wrapper } = await mountView()
    expect(wrapper.find('table').attributes('aria-busy')).toBe('true')
    expect(wrapper.findAll('tr.skeleton-row').length).toBeGreaterThan(0)
    page.resolve(ok(pageOf(sites, 1)))
    all.resolve(ok(sites))
    await settle()
    expect(wrapper.find('table').attributes('aria-busy')).toBeUndefined()
    expect(names(wrapper)).toEqual(['Blog', 'Docs', 'Shop'])
    expect(wrapper.text()).toContain('3 sites')
    const headers = wrapper.findAll('th').map((th) => th.text())
    expect(headers).toEqual(['Name', 'Address', 'Status', 'Updates', 'PHP', 'MySQL', 'Web server', 'Tags', 'Last check', 'Published'])
  })

  it('searches, filters and sorts, and counts what is shown', async () => {
    installFakeApi({ sitesList: async () => ok(pageOf(sites, 1)), sitesAll: async () => ok(sites), tagsAll: async () => ok([vip]) })
    const { wrapper } = await mountView()
    await wrapper.find('input[type="search"]').setValue('example.org')
    expect(names(wrapper)).toEqual(['Blog'])
    expect(wrapper.text()).toContain('1 of 3 sites')
    await wrapper.find('input[type="search"]').setValue('')

    await wrapper.find('select[aria-label="Filter by tag"]').setValue('7')
    expect(names(wrapper)).toEqual(['Shop'])
    await wrapper.find('select[aria-label="Filter by tag"]').setValue('')

    const checkboxes = wrapper.findAll('input[type="checkbox"]')
    await checkboxes[1]!.trigger('change') // Never checked
    expect(names(wrapper)).toEqual(['Blog'])
    await wrapper.findAll('button').find((b) => b.text() === 'Clear filters')!.trigger('click')
    expect(names(wrapper)).toHaveLength(3)

    const updatesHeader = wrapper.findAll('th').find((th) => th.text() === 'Updates')!
    await updatesHeader.find('button').trigger('click')
    expect(updatesHeader.attributes('aria-sort')).toBe('descending')
    expect(names(wrapper)[0]).toBe('Shop')
    const nameHeader = wrapper.findAll('th').find((th) => th.text() === 'Name')!
    await nameHeader.find('button').trigger('click')
    await nameHeader.find('button').trigger('click')
    expect(nameHeader.attributes('aria-sort')).toBe('descending')
    expect(names(wrapper)).toEqual(['Shop', 'Docs', 'Blog'])
  })

  it('takes the tag filter from the address (/sites?tag=7)', async () => {
    installFakeApi({ sitesList: async () => ok(pageOf(sites, 1)), sitesAll: async () => ok(sites), tagsAll: async () => ok([vip]) })
    const { wrapper } = await mountView('/sites?tag=7')
    expect(names(wrapper)).toEqual(['Shop'])
    expect((wrapper.find('select[aria-label="Filter by tag"]').element as HTMLSelectElement).value).toBe('7')
  })

  it('says so when nothing matches, and offers to clear the filters', async () => {
    installFakeApi({ sitesList: async () => ok(pageOf(sites, 1)), sitesAll: async () => ok(sites), tagsAll: async () => ok([]) })
    const { wrapper } = await mountView()
    await wrapper.find('input[type="search"]').setValue('nothing like this')
    expect(wrapper.text()).toContain('No sites match')
  })

  it('shows an empty state with New site when the account has no sites', async () => {
    installFakeApi({ sitesList: async () => ok(pageOf([], 1)), sitesAll: async () => ok([]), tagsAll: async () => ok([]) })
    const { wrapper, pinia } = await mountView()
    expect(wrapper.text()).toContain('No sites yet')
    const ui = useUiStore(pinia)
    await wrapper.findAll('button').filter((b) => b.text() === 'New site').at(-1)!.trigger('click')
    expect(ui.newSiteOpen).toBe(true)
  })

  it('explains a failure and retries', async () => {
    const fake = installFakeApi({
      sitesList: async () => fail({ code: 'network', message: 'Cannot connect to api.example.com.' }),
      sitesAll: async () => fail({ code: 'network', message: 'Cannot connect to api.example.com.' }),
      tagsAll: async () => ok([]),
    })
    const { wrapper } = await mountView()
    expect(wrapper.find('[role="alert"]').text()).toContain('Cannot reach the server')
    expect(wrapper.find('[role="alert"]').text()).toContain('Cannot connect to api.example.com.')
    fake.api.sitesList.mockResolvedValue(ok(pageOf(sites, 1)))
    fake.api.sitesAll.mockResolvedValue(ok(sites))
    await wrapper.findAll('button').find((b) => b.text() === 'Retry')!.trigger('click')
    await settle()
    expect(names(wrapper)).toHaveLength(3)
  })

  it('offers the API paging while the whole list is not there', async () => {
    const many = Array.from({ length: 20 }, (_, i) => makeSite(i + 1, { name: `Site ${String(i + 1).padStart(2, '0')}` }))
    const fake = installFakeApi({
      sitesList: async ({ page }) => ok(pageOf(many, page ?? 1)),
      sitesAll: async () => fail({ code: 'rate_limited', message: 'Too many requests.' }),
      tagsAll: async () => ok([]),
    })
    const { wrapper } = await mountView()
    expect(wrapper.text()).toContain('1–15 of 20 sites')
    expect(wrapper.text()).toContain('Page 1 of 2')
    await wrapper.findAll('button').find((b) => b.text().includes('Next page'))!.trigger('click')
    await settle()
    expect(fake.api.sitesList).toHaveBeenLastCalledWith({ accountId: 'a', page: 2 })
    expect(names(wrapper)).toHaveLength(5)
    expect(wrapper.text()).toContain('16–20 of 20 sites')
  })

  it('renders only the visible rows of a long list', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => makeSite(i + 1))
    installFakeApi({ sitesList: async () => ok(pageOf(many, 1)), sitesAll: async () => ok(many), tagsAll: async () => ok([]) })
    const { wrapper } = await mountView()
    expect(wrapper.text()).toContain('1,000 sites')
    expect(wrapper.findAll('tr.site-row').length).toBeLessThan(100)
  })
})

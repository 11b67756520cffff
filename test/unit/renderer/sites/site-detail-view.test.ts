import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import SiteDetailView from '../../../../src/renderer/src/views/SiteDetailView.vue'
import { fail, installFakeApi, makeSite, makeTag, ok, pageOf, settle } from '../support/fake-api'
import { testingPinia, testRouter } from '../support/mount'

const site = makeSite(5, {
  name: 'Shop',
  url: 'https://shop.example.com',
  admin_url: 'https://shop.example.com/admin',
  notes: 'Call Maria first.',
  tags: [makeTag(7, 'VIP')],
  updates_count: 2,
  server: { ip: '192.0.2.10', web: 'nginx/1.24.0', php: '8.2.18', mysql: '10.11.7-MariaDB' },
})

let wrapper: VueWrapper | null = null
beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
})
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
  document.body.innerHTML = ''
})

function api(overrides = {}) {
  return installFakeApi({
    sitesList: async () => ok(pageOf([site], 1)),
    sitesAll: async () => ok([site]),
    sitesGet: async () => ok(site),
    eventsListForSite: async () => ok(pageOf([], 1)),
    shellOpenExternal: async () => ok(undefined),
    ...overrides,
  })
}

async function mountView(id = 5) {
  const router = await testRouter(`/sites/${id}`)
  wrapper = mount(SiteDetailView, { props: { id }, global: { plugins: [testingPinia(), router] }, attachTo: document.body })
  await settle()
  return { wrapper, router }
}

const buttonNamed = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name)

describe('SiteDetailView', () => {
  it('shows everything the API returns for the site', async () => {
    const fake = api()
    const { wrapper } = await mountView()
    expect(fake.api.sitesGet).toHaveBeenCalledWith({ accountId: 'a', siteId: 5 })
    const text = wrapper.text()
    expect(wrapper.find('h1').text()).toBe('Shop')
    for (const expected of ['https://shop.example.com', 'https://shop.example.com/admin', 'Call Maria first.', 'VIP', '192.0.2.10', 'nginx/1.24.0', '8.2.18', '10.11.7-MariaDB', '2 updates pending', 'Ok']) {
      expect(text).toContain(expected)
    }
    expect(wrapper.find('section[aria-labelledby="site-events-title"]').exists()).toBe(true)
  })

  it('opens addresses in the system browser', async () => {
    const fake = api()
    await mountView()
    buttonNamed('Open admin')!.click()
    await settle()
    expect(fake.api.shellOpenExternal).toHaveBeenCalledWith({ url: 'https://shop.example.com/admin' })
  })

  it('asks before deleting, names the site, and leaves only when the server said yes', async () => {
    const fake = api({ sitesDelete: async () => fail({ code: 'server', message: 'The server had a problem (500).' }) })
    const { router } = await mountView()
    buttonNamed('Delete site')!.click()
    await settle()
    const dialog = document.querySelector('[role="alertdialog"]')!
    expect(dialog.textContent).toContain('Delete “Shop”?')
    ;[...dialog.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Delete site')!.click()
    await settle()
    expect(fake.api.sitesDelete).toHaveBeenCalledWith({ accountId: 'a', siteId: 5 })
    expect(document.querySelector('[role="alertdialog"]')?.textContent).toContain('The server had a problem (500).')
    expect(router.currentRoute.value.path).toBe('/sites/5')

    fake.api.sitesDelete.mockResolvedValue(ok(undefined))
    ;[...document.querySelector('[role="alertdialog"]')!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Delete site')!.click()
    await settle()
    await flushPromises()
    expect(router.currentRoute.value.path).toBe('/sites')
  })

  it('says when the site does not exist', async () => {
    api({
      sitesList: async () => ok(pageOf([], 1)),
      sitesAll: async () => ok([]),
      sitesGet: async () => fail({ code: 'not_found', message: 'No such site.' }),
    })
    const { wrapper } = await mountView(99)
    expect(wrapper.text()).toContain('This site does not exist')
  })
})

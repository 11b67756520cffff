// The whole renderer in jsdom: real router, real stores, fake window.api.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia } from 'pinia'
import App from '../../../../src/renderer/src/App.vue'
import { createAppRouter } from '../../../../src/renderer/src/router'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { installFakeApi, makeAccount, makeSite, ok, pageOf, settle } from '../support/fake-api'

let wrapper: VueWrapper | null = null
beforeEach(() => {
  window.location.hash = ''
  vi.stubGlobal('IntersectionObserver', class { observe() {} unobserve() {} disconnect() {} })
})
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
  document.body.innerHTML = ''
})

const sitesA = [makeSite(1, { name: 'Alpha shop' })]
const sitesB = [makeSite(2, { name: 'Beta blog' })]

function api(accounts = [makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Freelance' })]) {
  return installFakeApi({
    appInfo: async () => ok({ name: 'Site Manager', version: '0.1.0', shell: 'web', platform: 'linux' }),
    accountsList: async () => ok({ accounts, lastActiveId: accounts[0]?.id ?? null }),
    accountsSetActive: async () => ok(undefined),
    sitesList: async ({ accountId }) => ok(pageOf(accountId === 'a' ? sitesA : sitesB, 1)),
    sitesAll: async ({ accountId }) => ok(accountId === 'a' ? sitesA : sitesB),
    tagsAll: async () => ok([]),
  })
}

async function mountApp() {
  const pinia = createPinia()
  const router = createAppRouter(pinia)
  wrapper = mount(App, { global: { plugins: [pinia, router] }, attachTo: document.body })
  await router.isReady()
  await settle()
  await flushPromises()
  await settle()
  return { wrapper, router }
}

function press(key: string) {
  const event = new KeyboardEvent('keydown', { key, ctrlKey: true, bubbles: true, cancelable: true })
  window.dispatchEvent(event)
  return event
}

describe('the app shell', () => {
  it('sends a first run to the welcome screen', async () => {
    api([])
    const { router, wrapper } = await mountApp()
    expect(router.currentRoute.value.name).toBe('welcome')
    expect(wrapper.text()).toContain('Welcome to Site Manager')
  })

  it('has a named navigation, the account switcher, the version and the sites', async () => {
    api()
    const { wrapper, router } = await mountApp()
    expect(router.currentRoute.value.path).toBe('/sites')
    const nav = wrapper.find('nav[aria-label="Main"]')
    expect(nav.findAll('a').map((a) => a.text())).toEqual(['Sites', 'Tags', 'Events', 'Accounts'])
    expect(wrapper.find('main').exists()).toBe(true)
    expect(wrapper.find('[aria-label="Switch account, current: Agency"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="app-version"]').text()).toBe('Version 0.1.0')
    expect(wrapper.text()).toContain('Alpha shop')
  })

  it('Ctrl+R refreshes the view instead of reloading the window', async () => {
    const fake = api()
    await mountApp()
    const calls = fake.api.sitesAll.mock.calls.length
    const event = press('r')
    expect(event.defaultPrevented).toBe(true)
    await settle()
    expect(fake.api.sitesAll.mock.calls.length).toBe(calls + 1)
  })

  it('Ctrl+K focuses the search and Ctrl+N opens New site', async () => {
    api()
    await mountApp()
    expect(press('k').defaultPrevented).toBe(true)
    expect(document.activeElement?.id).toBe('site-search')
    press('n')
    await settle()
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('New site')
  })

  it('switching accounts shows the other account at once, never the old data', async () => {
    api()
    const { wrapper } = await mountApp()
    useAccountsStore().setActive('b')
    await settle()
    expect(wrapper.text()).toContain('Beta blog')
    expect(wrapper.text()).not.toContain('Alpha shop')
    expect(wrapper.find('[aria-label="Switch account, current: Freelance"]').exists()).toBe(true)
  })
})

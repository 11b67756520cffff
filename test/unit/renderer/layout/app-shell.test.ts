// The whole renderer in jsdom: real router, real stores, fake window.api.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import { createPinia } from 'pinia'
import App from '../../../../src/renderer/src/App.vue'
import { createAppRouter } from '../../../../src/renderer/src/router'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import userEvent from '@testing-library/user-event'
import { fail, installFakeApi, makeAccount, makeSite, ok, pageOf, settle } from '../support/fake-api'
import { mountInBody, unmountAll } from '../support/mount'

beforeEach(() => {
  window.location.hash = ''
  vi.stubGlobal('IntersectionObserver', class { observe() {} unobserve() {} disconnect() {} })
})
afterEach(unmountAll)

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
  mountInBody(App, { global: { plugins: [pinia, router] } })
  await router.isReady()
  await settle()
  await flushPromises()
  await settle()
  return { router }
}

function press(key: string) {
  const event = new KeyboardEvent('keydown', { key, ctrlKey: true, bubbles: true, cancelable: true })
  window.dispatchEvent(event)
  return event
}

describe('the app shell', () => {
  it('sends a first run to the welcome screen', async () => {
    api([])
    const { router } = await mountApp()
    expect(router.currentRoute.value.name).toBe('welcome')
    expect(screen.getByRole('heading', { name: 'Welcome to Site Manager' })).toBeTruthy()
  })

  it('has a named navigation, the account switcher, the version and the sites', async () => {
    api()
    const { router } = await mountApp()
    expect(router.currentRoute.value.path).toBe('/sites')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getAllByRole('link').map((a) => a.textContent?.trim())).toEqual(['Sites', 'Tags', 'Events', 'Accounts'])
    expect(screen.getByRole('main')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Switch account, current: Agency' })).toBeTruthy()
    expect(screen.getByText('Version 0.1.0')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Alpha shop' })).toBeTruthy()
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
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search sites' }))
    press('n')
    await settle()
    expect(screen.getByRole('dialog', { name: /New site/ })).toBeTruthy()
  })

  it('switching accounts shows the other account at once, never the old data', async () => {
    api()
    await mountApp()
    useAccountsStore().setActive('b')
    await settle()
    expect(screen.getByRole('link', { name: 'Beta blog' })).toBeTruthy()
    expect(document.body.textContent).not.toContain('Alpha shop')
    expect(screen.getByRole('button', { name: 'Switch account, current: Freelance' })).toBeTruthy()
  })

  it("switching accounts in the switcher leaves the old account's filter and site page behind", async () => {
    api()
    const { router } = await mountApp()
    await router.push('/sites?tag=3')
    await settle()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Switch account, current: Agency' }))
    await user.click(await screen.findByRole('menuitemradio', { name: /Freelance/ }))
    await settle()
    expect(router.currentRoute.value.fullPath).toBe('/sites')
    expect(useAccountsStore().activeAccountId).toBe('b')

    await router.push('/sites/2')
    await settle()
    await user.click(screen.getByRole('button', { name: 'Switch account, current: Freelance' }))
    await user.click(await screen.findByRole('menuitemradio', { name: /Agency/ }))
    await settle()
    expect(router.currentRoute.value.fullPath).toBe('/sites')
    expect(useAccountsStore().activeAccountId).toBe('a')
  })

  it('after a failed start, a Retry that finds no account opens the welcome screen', async () => {
    const fake = api([])
    fake.api.accountsList.mockResolvedValueOnce(fail({ code: 'internal', message: 'Could not read the accounts.' }))
    const { router } = await mountApp()
    expect(screen.getByRole('alert').textContent).toContain('Could not read the accounts.')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    await settle()
    await flushPromises()
    expect(router.currentRoute.value.name).toBe('welcome')
    expect(screen.getByRole('heading', { name: 'Welcome to Site Manager' })).toBeTruthy()
  })

  it('keeps the app on screen when a later reload of the accounts fails', async () => {
    const fake = api()
    await mountApp()
    fake.api.accountsList.mockResolvedValue(fail({ code: 'internal', message: 'Could not read the accounts.' }))
    await useAccountsStore().load()
    await settle()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Alpha shop' })).toBeTruthy()
  })

  it('Ctrl+K does nothing behind an open dialog', async () => {
    api()
    const { router } = await mountApp()
    await router.push('/tags')
    await settle()
    press('n')
    await settle()
    const dialog = screen.getByRole('dialog', { name: /New site/ })
    // Without a dialog, Ctrl+K here would go to the sites' search.
    press('k')
    await settle()
    expect(router.currentRoute.value.path).toBe('/tags')
    expect(dialog.isConnected).toBe(true)
  })
})

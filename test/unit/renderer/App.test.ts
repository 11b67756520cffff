// The whole renderer in jsdom: real router, real stores, the fake API provided like main.ts
// provides window.api.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import { useAccountsStore } from '../../../src/renderer/src/stores/accounts'
import userEvent from '@testing-library/user-event'
import { createFakeApi, fail, makeAccount, makeSite, memoryCore, ok, syncState } from './support/fake-api'
import { freshWindowEachTest, mountApp } from './support/mount-app'
import { unmountAll } from './support/mount'

// jsdom cannot draw: the Overview's charts get the fake chart module.
vi.mock('../../../src/renderer/src/components/charts/chart-setup', () => import('./support/fake-chart'))

freshWindowEachTest()
afterEach(unmountAll)
// The switcher's menu loads on first use (LazyMenu): compiled once ahead, so a find does not wait
// on the worker's first compile of reka-ui.
beforeAll(() => import('../../../src/renderer/src/components/layout/AccountMenu.vue'), 30_000)

const sitesA = [makeSite(1, { name: 'Alpha shop' })]
const sitesB = [makeSite(2, { name: 'Beta blog' })]

function api(accounts = [makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Freelance' })]) {
  const core = memoryCore({ a: { sites: sitesA }, b: { sites: sitesB } })
  return createFakeApi({
    ...core.methods,
    accountsList: async () => ok({ accounts, lastActiveId: accounts[0]?.id ?? null }),
  })
}

function press(key: string) {
  const event = new KeyboardEvent('keydown', { key, ctrlKey: true, bubbles: true, cancelable: true })
  window.dispatchEvent(event)
  return event
}

describe('the app shell', () => {
  it('asks core once for app:info and once for the summary of a scope that is every account, as the window opens', async () => {
    // One account: the Sites view's scope and the tab title's pending total are the same summary.
    const fake = api([makeAccount('a', { label: 'Agency' })])
    await mountApp(fake, '/sites')
    await flushPromises()
    expect(document.title).toBe('Site Manager')
    expect(fake.api.appInfo).toHaveBeenCalledTimes(1)
    expect(fake.api.workspaceScope).toHaveBeenCalledTimes(1)
  })

  it('sends a first run to the welcome screen', async () => {
    const fake = api([])
    const { router } = await mountApp(fake)
    expect(router.currentRoute.value.name).toBe('welcome')
    expect(screen.getByRole('heading', { name: 'Welcome to Site Manager' })).toBeVisible()
  })

  it('opens on the Overview once an account exists, the first entry of the navigation', async () => {
    const fake = api()
    const { router } = await mountApp(fake, '/')
    await vi.dynamicImportSettled()
    await flushPromises()
    expect(router.currentRoute.value.path).toBe('/overview')
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const overview = within(nav).getAllByRole('link')[0]!
    expect(overview.textContent?.trim()).toBe('Overview')
    expect(overview.getAttribute('aria-current')).toBe('page')
    // An address the app does not know lands there too.
    await router.push('/no/such/view')
    expect(router.currentRoute.value.path).toBe('/overview')
  })

  it('has a named navigation, the account switcher, the version and the sites', async () => {
    const fake = api()
    const { router } = await mountApp(fake)
    expect(router.currentRoute.value.path).toBe('/sites')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getAllByRole('link').map((a) => a.textContent?.trim())).toEqual(['Overview', 'Sites', 'Tags', 'Events', 'Reports', 'Accounts', 'Settings'])
    expect(screen.getByRole('main')).toBeVisible()
    expect(screen.getByRole('button', { name: /^Agency .*, switch account$/ })).toBeVisible()
    expect(screen.getByText('Version 0.1.0')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Alpha shop' })).toBeVisible()
  })

  it('Ctrl+R syncs the active account instead of reloading the window', async () => {
    const fake = api()
    await mountApp(fake)
    expect(fake.api.syncNow).not.toHaveBeenCalled()
    const event = press('r')
    expect(event.defaultPrevented).toBe(true)
    await flushPromises()
    expect(fake.api.syncNow).toHaveBeenCalledWith({ accountId: 'a' })
  })

  it('shows core notices until dismissed, those from before the window listened and pushed ones', async () => {
    const fake = api()
    fake.api.appNotices.mockResolvedValue(ok([{ id: 'db', message: 'The local database could not be read and was rebuilt from the servers.' }]))
    await mountApp(fake)
    const notices = screen.getByRole('region', { name: 'Notices' })
    expect(notices.textContent).toContain('was rebuilt from the servers')
    fake.emit('app:notice', { id: 'later', message: 'Another sentence from core.' })
    await flushPromises()
    expect(within(notices).getAllByRole('status')).toHaveLength(2)
    const user = userEvent.setup()
    for (const button of within(notices).getAllByRole('button', { name: 'Dismiss notice' })) await user.click(button)
    expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull()
    // A notice pushed again after it was dismissed stays dismissed.
    fake.emit('app:notice', { id: 'db', message: 'The local database could not be read and was rebuilt from the servers.' })
    await flushPromises()
    expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull()
  })

  it('shows the offline banner above every view, and Retry syncs', async () => {
    const fake = api()
    await mountApp(fake)
    fake.emit('sync:state', syncState('a', { status: 'failed', error: { code: 'network', message: 'Could not connect.' } }))
    await flushPromises()
    const banner = screen.getByRole('alert')
    expect(banner.textContent).toMatch(/^.*Showing data from .+: the server cannot be reached\./)
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Retry' }))
    expect(fake.api.syncNow).toHaveBeenCalledWith({ accountId: 'a' })
    // Another account's failure is not this view's business.
    fake.emit('sync:state', syncState('a'))
    fake.emit('sync:state', syncState('b', { status: 'failed', error: { code: 'network', message: 'Could not connect.' } }))
    await flushPromises()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('Ctrl+K focuses the search and Ctrl+N opens New site', async () => {
    const fake = api()
    await mountApp(fake)
    expect(press('k').defaultPrevented).toBe(true)
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search sites' }))
    press('n')
    await flushPromises()
    expect(await screen.findByRole('dialog', { name: /New site/ })).toBeVisible()
  })

  it('switching accounts shows the other account at once, never the old data', async () => {
    const fake = api()
    await mountApp(fake)
    useAccountsStore().setActive('b')
    await flushPromises()
    expect(screen.getByRole('link', { name: 'Beta blog' })).toBeVisible()
    expect(document.body.textContent).not.toContain('Alpha shop')
    expect(screen.getByRole('button', { name: /^Freelance .*, switch account$/ })).toBeVisible()
  })

  it("switching accounts in the switcher leaves the old account's filter and site page behind", async () => {
    const fake = api()
    const { router } = await mountApp(fake)
    await router.push('/sites?tag=3')
    await flushPromises()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /^Agency .*, switch account$/ }))
    await user.click(await screen.findByRole('menuitemradio', { name: /Freelance/ }))
    await flushPromises()
    expect(router.currentRoute.value.fullPath).toBe('/sites')
    expect(useAccountsStore().activeAccountId).toBe('b')

    await router.push('/sites/2')
    await flushPromises()
    await user.click(screen.getByRole('button', { name: /^Freelance .*, switch account$/ }))
    await user.click(await screen.findByRole('menuitemradio', { name: /Agency/ }))
    await flushPromises()
    // Back in Agency: its own last view (the tag filter it had, now written as the tag's key),
    // not Freelance's site page.
    expect(router.currentRoute.value.fullPath).toBe('/sites?tag=a:3')
    expect(useAccountsStore().activeAccountId).toBe('a')
  }, 30_000) // two menus that load on first use: longer than 5 s on a busy machine

  it('after a failed start, a Retry that finds no account opens the welcome screen', async () => {
    const fake = api([])
    fake.api.accountsList.mockResolvedValueOnce(fail({ code: 'internal', message: 'Could not read the accounts.' }))
    const { router } = await mountApp(fake)
    expect(screen.getByRole('alert').textContent).toContain('Could not read the accounts.')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    await flushPromises()
    await flushPromises()
    expect(router.currentRoute.value.name).toBe('welcome')
    expect(screen.getByRole('heading', { name: 'Welcome to Site Manager' })).toBeVisible()
  })

  it('keeps the app on screen when a later reload of the accounts fails', async () => {
    const fake = api()
    await mountApp(fake)
    fake.api.accountsList.mockResolvedValue(fail({ code: 'internal', message: 'Could not read the accounts.' }))
    await useAccountsStore().load()
    await flushPromises()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Alpha shop' })).toBeVisible()
  })

  it('Ctrl+K does nothing behind an open dialog', async () => {
    const fake = api()
    const { router } = await mountApp(fake)
    await router.push('/tags')
    await flushPromises()
    press('n')
    await flushPromises()
    const dialog = await screen.findByRole('dialog', { name: /New site/ })
    // Without a dialog, Ctrl+K here would go to the sites' search.
    press('k')
    await flushPromises()
    expect(router.currentRoute.value.path).toBe('/tags')
    expect(dialog.isConnected).toBe(true)
  })
})

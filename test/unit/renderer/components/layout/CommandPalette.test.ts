// The command palette and the shortcut sheet over the whole renderer in jsdom: opened from the
// keyboard, searched, driven with the arrow keys, and what a chosen command really does.
/* eslint-disable vue/one-component-per-file -- tiny stand-ins for views that register commands */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { createPinia } from 'pinia'
import { defineComponent, h } from 'vue'
import App from '../../../../../src/renderer/src/App.vue'
import { createAppRouter } from '../../../../../src/renderer/src/router'
import { useCommands } from '../../../../../src/renderer/src/composables/useCommands'
import { useAccountsStore } from '../../../../../src/renderer/src/stores/accounts'
import type { AppSettings } from '../../../../../src/shared'
import { createFakeApi, makeAccount, makeSite, memoryCore, ok, syncState, type FakeApi } from '../../support/fake-api'
import { mountInBody, unmountAll } from '../../support/mount'

// jsdom cannot draw: the Overview's charts get the fake chart module.
vi.mock('../../../../../src/renderer/src/components/charts/chart-setup', () => import('../../support/fake-chart'))

beforeEach(() => {
  window.location.hash = ''
  vi.stubGlobal('IntersectionObserver', class { observe() {} unobserve() {} disconnect() {} })
})
afterEach(() => {
  unmountAll()
  delete document.documentElement.dataset.theme
  localStorage.clear()
})

function api(platform: NodeJS.Platform = 'linux'): FakeApi {
  const accounts = [makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Freelance' })]
  const core = memoryCore({ a: { sites: [makeSite(1, { name: 'Alpha shop' })] }, b: { sites: [makeSite(2, { name: 'Beta blog' })] } })
  let settings: AppSettings = { syncIntervalMinutes: 5, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 }
  return createFakeApi({
    ...core.methods,
    accountsList: async () => ok({ accounts, lastActiveId: 'a' }),
    settingsGet: async () => ok(settings),
    settingsSet: async (change) => ok((settings = { ...settings, ...change })),
    appInfo: async () => ok({ name: 'Site Manager', version: '0.1.0', shell: 'web', platform }),
  })
}

/** The app opened in the Sites view (it opens on the Overview by itself). */
async function mountApp(fake: FakeApi, extra?: ReturnType<typeof defineComponent>) {
  if (!window.location.hash) window.location.hash = '#/sites'
  const pinia = createPinia()
  const router = createAppRouter(pinia)
  mountInBody(App, { global: { plugins: [fake.plugin, pinia, router] } })
  if (extra) mountInBody(extra, { global: { plugins: [fake.plugin, pinia, router] } })
  await router.isReady()
  await flushPromises()
  return { router, user: userEvent.setup() }
}

const palette = () => screen.queryByRole('dialog', { name: 'Command palette' })
const box = () => within(palette()!).getByRole('combobox', { name: 'Search commands' })
const active = () => within(palette()!).getByRole('option', { selected: true })

async function openPalette(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.keyboard('{Control>}{Shift>}P{/Shift}{/Control}')
  // The palette's code loads when it first opens (it is not in the first bundle).
  await vi.waitFor(() => expect(palette()).not.toBeNull())
  await vi.waitFor(() => expect(document.activeElement).toBe(box()))
}

describe('the command palette', () => {
  it('opens with Ctrl+Shift+P, goes to a view with the arrow keys and Enter, and closes', async () => {
    const fake = api()
    const { router, user } = await mountApp(fake)
    await openPalette(user)
    const goTo = within(palette()!).getByRole('group', { name: 'Go to' })
    expect(within(goTo).getAllByRole('option').map((o) => o.textContent?.trim())).toEqual([
      'Go to Overview',
      'Go to Sites',
      'Go to Tags',
      'Go to Events',
      'Go to Accounts',
      'Go to Settings',
    ])
    await user.type(box(), 'go')
    expect(active().textContent).toContain('Go to Overview')
    expect(box().getAttribute('aria-activedescendant')).toBe(active().id)
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    expect(active().textContent).toContain('Go to Events')
    await user.keyboard('{ArrowUp}')
    expect(active().textContent).toContain('Go to Tags')
    await user.keyboard('{Enter}')
    await flushPromises()
    expect(palette()).toBeNull()
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('tags'))
  })

  it('finds commands by every typed word, in the title, group or keywords, and says when none match', async () => {
    const { user } = await mountApp(api())
    await openPalette(user)
    await user.type(box(), 'th da')
    expect(within(palette()!).getAllByRole('option').map((o) => o.textContent?.trim())).toEqual(['Theme: Dark'])
    expect(within(palette()!).getByRole('status').textContent).toBe('1 command')
    await user.clear(box())
    await user.type(box(), 'night')
    expect(active().textContent).toContain('Theme: Dark')
    await user.clear(box())
    await user.type(box(), 'free')
    expect(active().textContent).toContain('Switch to account Freelance')
    await user.clear(box())
    await user.type(box(), 'qqq')
    expect(within(palette()!).queryAllByRole('option')).toHaveLength(0)
    expect(within(palette()!).getByRole('status').textContent).toBe('No command matches “qqq”.')
  })

  it('Escape closes it and gives the focus back', async () => {
    const { user } = await mountApp(api())
    const search = screen.getByRole('searchbox', { name: 'Search sites' })
    search.focus()
    await openPalette(user)
    await user.keyboard('{Escape}')
    await flushPromises()
    expect(palette()).toBeNull()
    expect(document.activeElement).toBe(search)
  })

  it('runs an action: switching account, then New site; the last run comes first next time', async () => {
    const fake = api()
    const { user } = await mountApp(fake)
    await openPalette(user)
    await user.type(box(), 'switch')
    // The active account is listed but cannot be chosen; the first choosable one is active.
    const agency = within(palette()!).getByRole('option', { name: 'Switch to account Agency' })
    expect(agency.getAttribute('aria-disabled')).toBe('true')
    expect(active().textContent).toContain('Switch to account Freelance')
    await user.keyboard('{Enter}')
    await flushPromises()
    expect(useAccountsStore().activeAccountId).toBe('b')
    expect(screen.getByRole('link', { name: 'Beta blog' })).toBeVisible()

    await openPalette(user)
    await user.type(box(), 'new site')
    expect(active().textContent).toMatch(/^New site\s*Ctrl\s*N$/)
    await user.keyboard('{Enter}')
    await flushPromises()
    expect(await screen.findByRole('dialog', { name: /New site/ })).toBeVisible()
    await user.keyboard('{Escape}')
    await flushPromises()

    await user.keyboard('{F1}')
    await flushPromises()
    const recent = within(palette()!).getByRole('group', { name: 'Recent' })
    const recentOptions = within(recent).getAllByRole('option')
    expect(recentOptions).toHaveLength(2)
    expect(recentOptions[0]!.textContent).toMatch(/^New site\s*Ctrl\s*N$/)
    expect(recentOptions[1]!.textContent).toBe('Switch to account Freelance')
    expect(fake.api.prefsSet).toHaveBeenLastCalledWith({ key: 'palette.recent', value: ['sites.new', 'account.switch.b'] })
  })

  it('Add account opens the Accounts view with its Add account dialog', async () => {
    const { router, user } = await mountApp(api())
    await openPalette(user)
    await user.type(box(), 'add acc')
    expect(active().textContent).toBe('Add account')
    await user.keyboard('{Enter}')
    await flushPromises()
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('accounts'))
    const dialog = await screen.findByRole('dialog', { name: 'Add account' })
    expect(within(dialog).getByLabelText('API address')).toBeVisible()
  })

  it('lists what views register, and runs it', async () => {
    const run = vi.fn()
    const Registrar = defineComponent({
      setup() {
        useCommands(() => [{ id: 'test.export', title: 'Export everything', group: 'Sites', keywords: ['zebra'], shortcut: 'Ctrl+E', run }])
        return () => h('div')
      },
    })
    const { user } = await mountApp(api('darwin'), Registrar)
    await openPalette(user)
    await user.type(box(), 'zebra')
    // On macOS the keys read Cmd.
    expect(active().textContent).toMatch(/^Export everything\s*Cmd\s*E$/)
    await user.keyboard('{Enter}')
    await flushPromises()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('switches the theme', async () => {
    const fake = api()
    const { user } = await mountApp(fake)
    await openPalette(user)
    await user.type(box(), 'theme dark')
    await user.keyboard('{Enter}')
    await flushPromises()
    expect(document.documentElement.dataset.theme).toBe('dark')
    expect(fake.api.settingsSet).toHaveBeenCalledWith({ theme: 'dark' })
  })
})

describe('Sync all accounts now', () => {
  async function syncAll(fake: FakeApi) {
    const { user } = await mountApp(fake)
    await openPalette(user)
    await user.type(box(), 'sync all')
    expect(active().textContent).toBe('Sync all accounts now')
    await user.keyboard('{Enter}')
    await flushPromises()
    await flushPromises()
  }

  it('syncs every account and says so', async () => {
    const fake = api()
    await syncAll(fake)
    expect(fake.api.syncNow.mock.calls.map(([input]) => input.accountId).sort()).toEqual(['a', 'b'])
    expect(document.body.textContent).toContain('Synced 2 accounts.')
  })

  it('says how many could not sync', async () => {
    const fake = api()
    fake.api.syncNow.mockImplementation(async ({ accountId }) =>
      ok(syncState(accountId, accountId === 'b' ? { status: 'failed', error: { code: 'network', message: 'Offline.' } } : {})),
    )
    await syncAll(fake)
    const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes('could not sync'))
    expect(alert?.textContent).toContain('1 account of 2 could not sync. Settings shows why.')
  })

  it('does not repeat the refused token the banner already shows', async () => {
    const fake = api()
    const refused = { code: 'unauthorized', message: 'The server refused the token.' } as const
    fake.api.accountsList.mockResolvedValue(
      ok({ accounts: [makeAccount('a', { label: 'Agency', tokenState: 'refused' }), makeAccount('b', { label: 'Freelance' })], lastActiveId: 'a' }),
    )
    fake.api.syncNow.mockImplementation(async ({ accountId }) =>
      ok(syncState(accountId, accountId === 'a' ? { status: 'failed', error: refused } : {})),
    )
    await syncAll(fake)
    const alerts = screen.getAllByRole('alert')
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.textContent).toContain('The server refused the token of “Agency”')
    expect(document.body.textContent).not.toContain('Synced 2 accounts.')
  })
})

describe('the command palette on the welcome screen', () => {
  it('opens the demo workspace and goes into the app', async () => {
    const core = memoryCore({ demo: { sites: [makeSite(7, { name: 'Demo bakery' })] } })
    const fake = createFakeApi({
      ...core.methods,
      accountsList: async () => ok({ accounts: [], lastActiveId: null }),
      settingsGet: async () => ok({ syncIntervalMinutes: 5, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 }),
      demoOpen: async () => ok(makeAccount('demo', { kind: 'demo', label: 'Demo' })),
    })
    const { router, user } = await mountApp(fake)
    expect(router.currentRoute.value.name).toBe('welcome')
    await openPalette(user)
    // Nothing to go to yet: the views are listed but cannot be chosen.
    expect(within(palette()!).getByRole('option', { name: 'Go to Sites' }).getAttribute('aria-disabled')).toBe('true')
    await user.type(box(), 'demo')
    expect(active().textContent).toBe('Open the demo workspace')
    await user.keyboard('{Enter}')
    await flushPromises()
    expect(fake.api.demoOpen).toHaveBeenCalledTimes(1)
    // Into the app: its first view, the Overview, counting the demo's site.
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('overview'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
    const sites = await screen.findByRole('link', { name: /^Sites\s*1(?!\d)/ })
    expect(sites.getAttribute('href')).toBe('#/sites?q=')
  })
})

describe('the shortcut sheet', () => {
  it('opens on ?, lists the shortcuts grouped with the registered ones, and Escape closes it', async () => {
    const Registrar = defineComponent({
      setup() {
        useCommands(() => [{ id: 'test.import', title: 'Import sites', group: 'Sites', shortcut: 'Ctrl+I', run: () => {} }])
        return () => h('div')
      },
    })
    const { user } = await mountApp(api(), Registrar)
    await user.keyboard('?')
    // The sheet's code loads when it first opens (it is not in the first bundle).
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    const global = within(sheet).getByRole('region', { name: 'Global' })
    const row = within(global).getByText('Open the command palette').parentElement!
    expect([...row.querySelectorAll('kbd.kbd')].map((k) => k.textContent)).toEqual(['Ctrl', 'Shift', 'P', 'F1'])
    expect(within(sheet).getByRole('region', { name: 'Sites table' }).textContent).toContain('Select every matching site')
    expect(within(sheet).getByRole('region', { name: 'Sites' }).textContent).toMatch(/Import sites\s*Ctrl\s*I/)
    await user.keyboard('{Escape}')
    await flushPromises()
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull()
  })

  it('reads Cmd on macOS', async () => {
    const { user } = await mountApp(api('darwin'))
    await user.keyboard('?')
    // The sheet's code loads when it first opens (it is not in the first bundle).
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    const row = within(sheet).getByText('New site').parentElement!
    expect([...row.querySelectorAll('kbd.kbd')].map((k) => k.textContent)).toEqual(['Cmd', 'N'])
  })

  it('does not open while typing a ? in a text field', async () => {
    const { user } = await mountApp(api())
    const search = screen.getByRole('searchbox', { name: 'Search sites' })
    await user.click(search)
    await user.keyboard('what?')
    await flushPromises()
    expect((search as HTMLInputElement).value).toBe('what?')
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull()
  })
})

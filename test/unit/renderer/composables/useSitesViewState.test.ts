// The Sites view's filters with counts, and its state kept in the address (Back), in memory
// and in core's prefs per account (a restart, an account switch).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createApp } from 'vue'
import { screen, within } from '@testing-library/dom'
import SitesView from '../../../../src/renderer/src/views/SitesView.vue'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useCommandsStore } from '../../../../src/renderer/src/stores/commands'
import { ADDRESS_DELAY_MS, SAVE_DELAY_MS } from '../../../../src/renderer/src/composables/useSitesViewState'
import { useRememberedViewsStore } from '../../../../src/renderer/src/stores/remembered-views'
import { createFakeApi, makeAccount, makeSite, makeTag, memoryCore, type AccountData } from '../support/fake-api'
import { RouterViewHost, mountInBody, mountView, testRouter, testingPinia, unmountAll } from '../support/mount'

const [vip, retail] = [makeTag(7, 'VIP'), makeTag(8, 'Retail')]
const server = (php: string | null, web: string | null, mysql: string | null = '8.0.36') => ({ ip: '192.0.2.10', web, php, mysql })
const SITES = [
  makeSite(1, { name: 'Shop', url: 'https://shop.example.com', tags: [vip, retail], updates_count: 3, server: server('8.2.18', 'nginx/1.24.0') }),
  makeSite(2, { name: 'Blog', url: 'https://blog.example.org', last_check_at: null, server: server(null, null, null), notes: 'Call Maria' }),
  makeSite(3, { name: 'Docs', url: 'https://docs.example.net', status: 'Down', server: server('8.3.9', 'nginx/1.26.1') }),
  makeSite(4, { name: 'Atelier', url: 'https://atelier.example.com', tags: [retail], server: server('8.2.18', 'Apache/2.4.58 (Debian)', '10.6.17-MariaDB') }),
]

// Typed key by key through several menus: longer than the default 5 s on a busy machine.
const SLOW = 30_000

afterEach(() => {
  unmountAll()
  vi.useRealTimers()
})

function core(accounts: Record<string, Partial<AccountData>> = { a: {} }) {
  const given = Object.fromEntries(
    Object.entries(accounts).map(([id, data]) => [id, { sites: SITES.map((s) => ({ ...s })), tags: [vip, retail], ...data }]),
  )
  const made = memoryCore(given)
  return { ...made, fake: createFakeApi(made.methods) }
}

/** The view as the router shows it (so Back and the address work as in the app). */
async function mountSites(fake: ReturnType<typeof core>['fake'], path = '/sites', accounts = [makeAccount('a')]) {
  return mountView(SitesView, fake, { path, route: '/sites', accounts, pinia: testingPinia(accounts) })
}

const table = () => screen.getByRole('table', { name: 'Sites' })
const siteRows = () => within(table()).getAllByRole('row').filter((row) => within(row).queryAllByRole('cell').length > 0)
const names = () => siteRows().map((row) => within(row).getAllByRole('cell')[1]!.textContent?.trim())
const search = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search sites' })
const chips = () => within(screen.getByRole('list', { name: 'Filters in use' })).getAllByRole('listitem').map((li) => li.firstElementChild?.textContent?.trim())
const menuItems = () => screen.getAllByRole('menuitemcheckbox').map((item) => item.textContent?.replace(/\s+/g, ' ').trim())

describe('Sites view filters', () => {
  it('searches every column: server software, versions, IP, status and notes', async () => {
    const { fake } = core()
    const { user } = await mountSites(fake)
    for (const [query, expected] of [
      ['nginx/1.26', ['Docs']],
      ['8.3.9', ['Docs']],
      ['mariadb', ['Atelier']],
      ['down', ['Docs']],
      ['maria', ['Atelier', 'Blog']],
      ['apache debian', ['Atelier']],
    ] as const) {
      await user.clear(search())
      await user.type(search(), query)
      expect(names(), query).toEqual(expected)
    }
  }, SLOW)

  it('lists each PHP version with how many sites have it, and filters by the ticked ones', async () => {
    const { fake } = core()
    const { user, router } = await mountSites(fake)
    await user.click(screen.getByRole('button', { name: 'Filter by PHP version' }))
    await screen.findByRole('menu', { name: 'Filter by PHP version' })
    expect(menuItems()).toEqual(['8.3.9 (1)', '8.2.18 (2)', 'Not known (1)'])
    await user.click(screen.getByRole('menuitemcheckbox', { name: '8.2.18 (2)' }))
    // The menu stays open for a second pick.
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Not known (1)' }))
    expect(screen.getByRole('menuitemcheckbox', { name: '8.2.18 (2)' }).getAttribute('aria-checked')).toBe('true')
    await user.keyboard('{Escape}')
    expect(names()).toEqual(['Atelier', 'Blog', 'Shop'])
    expect(chips()).toEqual(['PHP: 8.2.18', 'PHP: Not known'])
    expect(screen.getByText('3 of 4 sites')).toBeVisible()
    expect(router.currentRoute.value.query.php).toEqual(['8.2.18', ''])

    // Counts follow the other filters: with Retail ticked, the web servers of Shop and Atelier.
    await user.click(screen.getByRole('button', { name: 'Filter by tags' }))
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Retail (2)' }))
    await user.keyboard('{Escape}')
    expect(names()).toEqual(['Atelier', 'Shop'])
    await user.click(screen.getByRole('button', { name: 'Filter by web server' }))
    await screen.findByRole('menu', { name: 'Filter by web server' })
    expect(menuItems()).toEqual(['Apache/2.4.58 (Debian) (1)', 'nginx/1.24.0 (1)'])
    await user.keyboard('{Escape}')

    // A chip removes its own filter; Clear filters removes them all.
    await user.click(screen.getByRole('button', { name: 'Remove filter PHP: Not known' }))
    expect(chips()).toEqual(['PHP: 8.2.18', 'Tag: Retail'])
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(names()).toHaveLength(4)
    expect(router.currentRoute.value.query).toEqual({})
  }, SLOW)

  it('matches any or all of the ticked tags', async () => {
    const { fake } = core()
    const { user } = await mountSites(fake, '/sites?tag=7&tag=8')
    expect(names()).toEqual(['Atelier', 'Shop'])
    await user.click(screen.getByRole('button', { name: 'Filter by tags' }))
    await user.click(await screen.findByRole('menuitemradio', { name: 'All of the ticked tags' }))
    await user.keyboard('{Escape}')
    expect(names()).toEqual(['Shop'])
    expect(chips()).toEqual(['Tag (all): VIP', 'Tag (all): Retail'])
  }, SLOW)

  it('filters by status with counts', async () => {
    const { fake } = core()
    const { user } = await mountSites(fake)
    await user.click(screen.getByRole('button', { name: 'Filter by status' }))
    await screen.findByRole('menu', { name: 'Filter by status' })
    expect(menuItems()).toEqual(['Ok (3)', 'Down (1)'])
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Down (1)' }))
    await user.keyboard('{Escape}')
    expect(names()).toEqual(['Docs'])
  }, SLOW)
})

describe('Sites view state', () => {
  it('restores search, filters and sort from the address, ignoring what it cannot read', async () => {
    const { fake } = core()
    await mountSites(fake, '/sites?q=shop.example&sort=-name,nonsense&updates=1&tag=abc&sel=x')
    expect(search().value).toBe('shop.example')
    expect(names()).toEqual(['Shop'])
    expect(chips()).toEqual(['Has updates'])
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Has updates' }).checked).toBe(true)
  }, SLOW)

  it('sorts by the address\'s two sorts', async () => {
    const { fake } = core()
    await mountSites(fake, '/sites?sort=-php,name')
    // PHP newest first; the two 8.2.18 sites by name; no PHP last.
    expect(names()).toEqual(['Docs', 'Atelier', 'Shop', 'Blog'])
  }, SLOW)

  it('sorts by a header, then by a second one with Shift, and keeps both in the address', async () => {
    const { fake } = core()
    const { user, router } = await mountSites(fake)
    const header = (name: string) => within(table()).getByRole('columnheader', { name: new RegExp(`^${name}`) })
    await user.click(within(header('PHP')).getByRole('button', { name: /^PHP/ }))
    expect(header('PHP').getAttribute('aria-sort')).toBe('ascending')
    // Ties (Shop and Atelier on 8.2.18) by name; no PHP last.
    expect(names()).toEqual(['Atelier', 'Shop', 'Docs', 'Blog'])
    await user.keyboard('{Shift>}')
    await user.click(within(header('Updates')).getByRole('button', { name: /^Updates/ }))
    await user.keyboard('{/Shift}')
    expect(router.currentRoute.value.query.sort).toBe('php,-updates')
    expect(names()).toEqual(['Shop', 'Atelier', 'Docs', 'Blog'])
    // Without Shift a header is the only sort again.
    await user.click(within(header('Name')).getByRole('button', { name: /^Name/ }))
    expect(router.currentRoute.value.query.sort).toBeUndefined()
    expect(names()).toEqual(['Atelier', 'Blog', 'Docs', 'Shop'])
  }, SLOW)

  it('keeps the selection in the address, restores it on Back, and drops a site deleted elsewhere', async () => {
    const { fake, data } = core()
    const { user, router } = await mountSites(fake)
    await user.click(screen.getByRole('checkbox', { name: 'Select Shop' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select Docs' }))
    expect(router.currentRoute.value.query.sel).toBe('a:1.a:3')
    expect(screen.getByText('4 sites, 2 selected')).toBeVisible()

    await router.push({ name: 'site', params: { id: '1' } })
    router.back()
    await vi.waitFor(() => expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Shop' }).checked).toBe(true))
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Docs' }).checked).toBe(true)

    data.a!.sites = data.a!.sites.filter((s) => s.id !== 3)
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await vi.waitFor(() => expect(router.currentRoute.value.query.sel).toBe('a:1'))
    expect(screen.getByText('3 sites, 1 selected')).toBeVisible()
  }, SLOW)

  it('writes the search into the address once typing pauses, never adding history, and Back from a site restores it', async () => {
    const { fake } = core()
    const { user, router } = await mountSites(fake)
    const push = vi.spyOn(router, 'push')
    const replace = vi.spyOn(router, 'replace')
    await user.type(search(), 'nginx')
    await flushPromises()
    expect(names()).toEqual(['Docs', 'Shop'])
    await vi.waitFor(() => expect(router.currentRoute.value.query).toEqual({ q: 'nginx' }), { timeout: ADDRESS_DELAY_MS * 10 })
    // Written when the typing paused, not once per keystroke; no history entry for Back to walk through.
    expect(push).not.toHaveBeenCalled()
    expect(replace.mock.calls.length).toBeLessThanOrEqual(2)
    push.mockRestore()

    await router.push({ name: 'site', params: { id: '1' } })
    expect(screen.queryByRole('table')).toBeNull()
    router.back()
    await vi.waitFor(() => expect(screen.getByRole('table', { name: 'Sites' })).toBeVisible())
    await flushPromises()
    expect(search().value).toBe('nginx')
    expect(names()).toEqual(['Docs', 'Shop'])
  }, SLOW)

  it('puts what was typed into the address when a site is opened before the typing paused', async () => {
    const { fake } = core()
    const { router } = await mountSites(fake)
    // Typed, and the site opened in the same moment: no pause for the address to follow.
    search().value = 'docs'
    search().dispatchEvent(new Event('input', { bubbles: true }))
    expect(router.currentRoute.value.query).toEqual({})
    await router.push({ name: 'site', params: { id: '3' } })
    const replace = vi.spyOn(router, 'replace')
    router.back()
    await vi.waitFor(() => expect(screen.getByRole('table', { name: 'Sites' })).toBeVisible())
    await flushPromises()
    // Back came to the address with the search in it: nothing had to be written again.
    expect(router.currentRoute.value.query).toEqual({ q: 'docs' })
    expect(replace).not.toHaveBeenCalled()
    expect(search().value).toBe('docs')
    expect(names()).toEqual(['Docs'])
  }, SLOW)

  it('remembers the view per account in core, and a plain /sites after a restart restores it', async () => {
    const made = core()
    const { user } = await mountSites(made.fake)
    await user.type(search(), 'shop')
    await user.click(screen.getByRole('checkbox', { name: 'Has updates' }))
    await vi.waitFor(() => expect(made.fake.api.prefsSet).toHaveBeenCalledWith({ key: 'sites.view:a', value: { q: 'shop', updates: '1' } }), {
      timeout: SAVE_DELAY_MS * 5,
    })
    // Not once per keystroke.
    expect(made.fake.api.prefsSet.mock.calls.filter(([input]) => input.key === 'sites.view:a').length).toBeLessThanOrEqual(2)
    unmountAll()

    // "Restart": a new window (no memory) over the same core.
    const again = createFakeApi(made.methods)
    const { router } = await mountSites(again)
    await vi.waitFor(() => expect(search().value).toBe('shop'))
    expect(names()).toEqual(['Shop'])
    expect(router.currentRoute.value.query).toEqual({ q: 'shop', updates: '1' })
  }, SLOW)

  it('a remembered view read ahead (as the app starts) goes to core as the view mounts, without a read of its own', async () => {
    const made = core()
    await made.methods.prefsSet!({ key: 'sites.view:a', value: { q: 'shop' } })
    const accounts = [makeAccount('a')]
    const pinia = testingPinia(accounts)
    // As main.ts does: the store read ahead in the app's Pinia, before the view mounts.
    createApp(RouterViewHost).use(made.fake.plugin).use(pinia)
    await useRememberedViewsStore(pinia).readAhead('a', ['a'])
    made.fake.api.prefsGet.mockClear()
    made.fake.api.sitesQuery.mockClear()
    const router = await testRouter('/sites', [{ path: '/sites', component: SitesView }])
    mountInBody(RouterViewHost, { global: { plugins: [made.fake.plugin, pinia, router] } })
    // Asked while mounting, before any answer came back: the first window is the remembered view's.
    expect(made.fake.api.sitesQuery.mock.calls[0]?.[0].filter.search).toBe('shop')
    await flushPromises()
    expect(made.fake.api.prefsGet.mock.calls.filter(([input]) => input.key === 'sites.view:a')).toEqual([])
    expect(names()).toEqual(['Shop'])
    expect(search().value).toBe('shop')
  }, SLOW)

  it('opens the default view when what core remembers is not a view', async () => {
    const made = core()
    await made.methods.prefsSet!({ key: 'sites.view:a', value: { q: 5, php: 3, sort: { key: 'name' } } })
    await mountSites(made.fake)
    await flushPromises()
    expect(names()).toEqual(['Atelier', 'Blog', 'Docs', 'Shop'])
    expect(search().value).toBe('')
  }, SLOW)

  it('keeps one view per account: switching away and back finds each as it was left', async () => {
    const { fake } = core({ a: {}, b: { sites: [makeSite(50, { name: 'Bakery' }), makeSite(51, { name: 'Hotel' })], tags: [] } })
    const accounts = [makeAccount('a'), makeAccount('b')]
    const { user, pinia, router } = await mountSites(fake, '/sites', accounts)
    await user.type(search(), 'blog')
    expect(names()).toEqual(['Blog'])

    const store = useAccountsStore(pinia)
    await router.push({ name: 'sites' })
    store.setActive('b')
    await vi.waitFor(() => expect(names()).toEqual(['Bakery', 'Hotel']))
    expect(search().value).toBe('')
    expect(router.currentRoute.value.query).toEqual({})
    await user.type(search(), 'hot')
    expect(names()).toEqual(['Hotel'])

    await router.push({ name: 'sites' })
    store.setActive('a')
    await vi.waitFor(() => expect(search().value).toBe('blog'))
    expect(names()).toEqual(['Blog'])
    expect(router.currentRoute.value.query).toEqual({ q: 'blog' })
  }, SLOW)

  it('offers its actions to the command palette', async () => {
    const { fake } = core()
    const { pinia, user } = await mountSites(fake, '/sites?q=shop')
    const commands = useCommandsStore(pinia)
    const titles = commands.all.map((c) => c.title)
    expect(titles).toEqual(expect.arrayContaining(['Save view…', 'Clear filters', 'Focus search']))
    await commands.all.find((c) => c.title === 'Clear filters')!.run()
    await flushPromises()
    expect(search().value).toBe('')
    expect(names()).toHaveLength(4)
    expect(commands.all.find((c) => c.title === 'Clear filters')!.enabled).toBe(false)
    await commands.all.find((c) => c.title === 'Focus search')!.run()
    expect(document.activeElement).toBe(search())
    await commands.all.find((c) => c.title === 'Save view…')!.run()
    expect(await screen.findByRole('dialog', { name: 'Save view' })).toBeVisible()
    await user.keyboard('{Escape}')
  }, SLOW)
})

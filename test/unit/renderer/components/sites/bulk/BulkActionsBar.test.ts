import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import type { Result, Site } from '../../../../../../src/shared'
import { keyOf } from '../../../../../../src/shared/scope'
import { EMPTY_FILTER, type SiteRow } from '../../../../../../src/shared/sites-query'
import BulkActionsBar from '../../../../../../src/renderer/src/components/sites/bulk/BulkActionsBar.vue'
import { useCommandsStore } from '../../../../../../src/renderer/src/stores/commands'
import { useToastsStore } from '../../../../../../src/renderer/src/stores/toasts'
import { createFakeApi, fail, makeSite, memoryCore, ok } from '../../../support/fake-api'
import { createFakeApiWithBulkDelete } from '../../../support/memory-bulk-delete'
import { useSiteWindowStore } from '../../../../../../src/renderer/src/stores/site-window'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../../../support/mount'

const SITES = [
  makeSite(1, { name: 'Shop', url: 'https://shop.example.com', admin_url: 'https://shop.example.com/wp-admin' }),
  makeSite(2, { name: 'Blog', url: 'https://blog.example.org', admin_url: '' }),
  makeSite(3, { name: 'Docs', url: 'https://docs.example.net', admin_url: 'https://docs.example.net/admin' }),
]

let opened: Array<[string | URL | undefined, string | undefined, string | undefined]>
let clipboard: string[]

beforeEach(() => {
  opened = []
  vi.spyOn(window, 'open').mockImplementation((url, target, features) => {
    opened.push([url, target, features])
    return null
  })
})

/** After user-event's setup, which puts its own clipboard in place. */
function fakeClipboard(writeText: (text: string) => Promise<void> = async (text) => void clipboard.push(text)): void {
  clipboard = []
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
}

afterEach(() => {
  unmountAll()
  vi.restoreAllMocks()
})

const rowsOf = (sites: readonly Site[]): SiteRow[] => sites.map((site) => ({ key: keyOf('a', site.id), accountId: 'a', site }))

async function mountBar(sites: readonly Site[] = SITES, answer?: () => Promise<Result<SiteRow[]>>) {
  const made = memoryCore({ a: { sites: [...sites] } })
  const fake = createFakeApiWithBulkDelete(made.methods)
  const pinia = testingPinia()
  const router = await testRouter()
  const events: string[] = []
  // The selection's rows, as the view asks core for them when an action runs.
  const rows = vi.fn(answer ?? (async () => ok(rowsOf(sites))))
  mountInBody(BulkActionsBar, {
    props: { count: sites.length, rows, selection: { kind: 'keys', keys: rowsOf(sites).map((r) => r.key) } as const, 'onClear-selection': () => events.push('clear') },
    global: { plugins: [fake.plugin, pinia, router] },
  })
  await flushPromises()
  const user = person()
  fakeClipboard()
  return { fake, pinia, events, user, rows, data: made.data }
}

const bar = () => screen.getByRole('toolbar', { name: 'Selection' })
const button = (name: string | RegExp) => within(bar()).getByRole('button', { name })
const lastToast = (pinia: ReturnType<typeof testingPinia>) => useToastsStore(pinia).toasts.at(-1)?.message

describe('BulkActionsBar', () => {
  it('is a labelled toolbar saying how many are selected, and Clear asks the view to clear', async () => {
    const { events, user } = await mountBar()
    expect(within(bar()).getByText('3 selected')).toBeVisible()
    await user.click(button('Clear the selection of 3 sites'))
    expect(events).toEqual(['clear'])
  })

  it('moves between its buttons with the arrow keys, as a toolbar does', async () => {
    const { user } = await mountBar()
    button('Clear the selection of 3 sites').focus()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(button('Open sites'))
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(button('Open admin pages'))
  })

  it('asks for the selected rows only when an action runs, and says so when they cannot be read', async () => {
    const { rows, pinia, user } = await mountBar(SITES, async () => fail({ code: 'internal', message: 'The store could not be read.' }))
    expect(rows).not.toHaveBeenCalled()
    await user.click(button('Open sites'))
    await flushPromises()
    expect(rows).toHaveBeenCalledTimes(1)
    expect(opened).toEqual([])
    expect(useToastsStore(pinia).toasts.at(-1)).toMatchObject({ kind: 'error', message: expect.stringMatching(/Could not read the selected sites/) })
  })

  it('opens each site in its own tab, without an opener', async () => {
    const { pinia, user } = await mountBar()
    await user.click(button('Open sites'))
    await flushPromises()
    expect(opened).toEqual(SITES.map((s) => [s.url, '_blank', 'noopener']))
    expect(lastToast(pinia)).toBe('Opened 3 sites')
  })

  it('opens the admin pages it has and says which sites it skipped', async () => {
    const { pinia, user } = await mountBar()
    await user.click(button('Open admin pages'))
    await flushPromises()
    expect(opened.map(([url]) => url)).toEqual(['https://shop.example.com/wp-admin', 'https://docs.example.net/admin'])
    expect(lastToast(pinia)).toBe('Opened 2 admin pages; skipped 1 site with no admin address: Blog')
  })

  it('asks before opening more than ten tabs, and opens none when the answer is Cancel', async () => {
    const many = Array.from({ length: 12 }, (_, i) => makeSite(i + 1))
    const { user } = await mountBar(many)
    await user.click(button('Open sites'))
    await flushPromises()
    const ask = screen.getByRole('alertdialog', { name: 'Open 12 sites?' })
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }))
    await flushPromises()
    expect(opened).toEqual([])

    await user.click(button('Open sites'))
    await flushPromises()
    await user.click(within(screen.getByRole('alertdialog', { name: 'Open 12 sites?' })).getByRole('button', { name: 'Open 12 tabs' }))
    expect(opened.map(([url]) => url)).toEqual(many.map((s) => s.url))
  })

  it('copies the addresses, one a line', async () => {
    const { pinia, user } = await mountBar()
    await user.click(button('Copy addresses'))
    await flushPromises()
    expect(clipboard).toEqual(['https://shop.example.com\nhttps://blog.example.org\nhttps://docs.example.net'])
    expect(lastToast(pinia)).toBe('Copied 3 addresses')
  })

  it('says so when the clipboard refuses', async () => {
    const { pinia, user } = await mountBar()
    fakeClipboard(() => Promise.reject(new Error('denied')))
    await user.click(button('Copy addresses'))
    await flushPromises()
    expect(useToastsStore(pinia).toasts.at(-1)).toMatchObject({ kind: 'error', message: expect.stringMatching(/Could not copy/) })
  })

  it('deletes the selection with its own dialog, naming it to core, and clears it once every site went', async () => {
    const { fake, user, pinia, rows, events, data } = await mountBar()
    useSiteWindowStore(pinia).setQuery({ scope: ['a'], filter: EMPTY_FILTER, sort: [], columns: [] })
    await user.click(button('Delete…'))
    await flushPromises()
    const confirm = screen.getByRole('alertdialog', { name: 'Delete 3 sites?' })
    expect(within(confirm).getAllByRole('listitem')).toHaveLength(3)
    expect(fake.api.sitesDelete).not.toHaveBeenCalled()
    // Core lists the sites; the bar read no rows for it.
    expect(rows).not.toHaveBeenCalled()
    await user.click(within(confirm).getByRole('button', { name: 'Delete 3 sites' }))
    await vi.waitFor(() => expect(screen.getByRole('alertdialog', { name: 'Sites deleted' })).toBeVisible())
    expect(data.a!.sites).toEqual([])
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Close' }))
    await flushPromises()
    expect(events).toEqual(['clear'])
  })

  it('offers its actions to the command palette while it is shown', async () => {
    const { pinia, user } = await mountBar()
    const commands = () => useCommandsStore(pinia).all
    expect(commands().map((c) => c.title)).toEqual(
      expect.arrayContaining([
        'Delete 3 sites…',
        'Open 3 sites in the browser',
        'Open the admin pages of 3 sites',
        'Copy the addresses of 3 sites',
        'Clear the selection',
        'Export 3 sites as CSV',
        'Export 3 sites as JSON',
      ]),
    )
    await commands().find((c) => c.id === 'sites.selection.open')!.run()
    await flushPromises()
    expect(opened).toHaveLength(3)
    void user
    unmountAll()
    expect(commands().filter((c) => c.id.startsWith('sites.selection'))).toEqual([])
  })
})

describe('BulkActionsBar in a view that deletes for it', () => {
  it('hands Delete… to the view (whose dialog outlives the bar) and opens none of its own', async () => {
    const made = memoryCore({ a: { sites: [...SITES] } })
    const fake = createFakeApi(made.methods)
    const requests: string[] = []
    const rows = vi.fn(async () => ok(rowsOf(SITES)))
    mountInBody(BulkActionsBar, {
      props: { count: SITES.length, rows, selection: { kind: 'keys', keys: rowsOf(SITES).map((r) => r.key) } as const, onDelete: () => requests.push('delete') },
      global: { plugins: [fake.plugin, testingPinia(), await testRouter()] },
    })
    await flushPromises()
    await person().click(button('Delete…'))
    await flushPromises()
    expect(requests).toEqual(['delete'])
    // The view reads the rows for its own dialog: the bar read none.
    expect(rows).not.toHaveBeenCalled()
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})

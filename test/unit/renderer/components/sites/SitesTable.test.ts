import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import type { Site } from '../../../../../src/shared'
import { keyOf } from '../../../../../src/shared/scope'
import type { SiteRow, SiteSelection, TableRow } from '../../../../../src/shared/sites-query'
import { flushPromises } from '@vue/test-utils'
import { fireEvent, screen, within } from '@testing-library/dom'
import SitesTable from '../../../../../src/renderer/src/components/sites/SitesTable.vue'
import { useSiteColumnsStore } from '../../../../../src/renderer/src/stores/site-columns'
import { useToastsStore } from '../../../../../src/renderer/src/stores/toasts'
import { useCommandsStore } from '../../../../../src/renderer/src/stores/commands'
import type { SiteFieldKey, TableFieldKey } from '../../../../../src/renderer/src/lib/site-fields'
import { createFakeApi, makeSite, makeTag, memoryCore } from '../../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../../support/mount'

const SITES = [
  makeSite(1, { name: 'Alpine Books', url: 'https://alpine-books.example.com', admin_url: 'https://alpine-books.example.com/wp-admin/', tags: [makeTag(7, 'VIP')] }),
  makeSite(2, { name: 'Alpine Dental', url: 'https://alpine-dental.example.com', admin_url: '' }),
  makeSite(3, { name: 'Bluebird Bakery', url: 'https://bluebird.example.org' }),
  makeSite(4, { name: 'Cedar Hotel', url: 'https://cedar.example.net' }),
]

interface Emitted {
  sort: Array<{ key: TableFieldKey; additive: boolean }>
  open: number[]
  delete: Picked[]
  range: Array<[number, number]>
}

type Picked = number[] | 'all' | { allBut: number[] }

const idsOf = (keys: readonly string[]) => keys.map((key) => Number(key.split(':')[1])).sort((a, b) => a - b)

/** A selection as site ids of account a (ascending), 'all' for every matching row, or every one but some. */
function picked(selection: SiteSelection): Picked {
  if (selection.kind === 'matching') return selection.except.length === 0 ? 'all' : { allBut: idsOf(selection.except) }
  return idsOf(selection.keys)
}

let clipboard: string[]

afterEach(() => {
  unmountAll()
  vi.restoreAllMocks()
})
// The row menu loads on first use and reka-ui with it (no longer among the table's static imports):
// compiled once ahead, so a find does not wait on the worker's first compile of reka-ui.
beforeAll(() => import('../../../../../src/renderer/src/components/sites/table/RowContextMenu.vue'), 30_000)

/**
 * The table in a host that keeps the selection as the view does (v-model:selection) and hands
 * it its rows as the window store would: `unfetched` rows are not fetched yet (placeholders),
 * and their keys come from `keysBetween`, as core would answer them.
 */
async function mountTable(
  options: {
    sites?: Site[]
    sort?: Array<{ key: SiteFieldKey; direction: 'asc' | 'desc' }>
    writeText?: (text: string) => Promise<void>
    unfetched?: number[]
    scopeTotal?: number
  } = {},
) {
  const made = memoryCore({ a: {} })
  const fake = createFakeApi(made.methods)
  const emitted: Emitted = { sort: [], open: [], delete: [], range: [] }
  const rows: SiteRow[] = (options.sites ?? SITES).map((site) => ({ key: keyOf('a', site.id), accountId: 'a', site }))
  // Reactive, as the window store's blocks are: a test can "answer" a row later.
  const unfetched = ref(new Set(options.unfetched ?? []))
  const asked: Array<[number, number]> = []
  const selection = ref<SiteSelection>({ kind: 'keys', keys: [] })
  const Host = defineComponent({
    render: () =>
      h(SitesTable, {
        total: rows.length,
        ...(options.scopeTotal === undefined ? {} : { scopeTotal: options.scopeTotal }),
        rowAt: (index: number) => (unfetched.value.has(index) ? undefined : rows[index]),
        keysBetween: async (from: number, to: number) => {
          asked.push([from, to])
          return rows.slice(from, to).map((r) => r.key)
        },
        sort: options.sort ?? [{ key: 'name', direction: 'asc' }],
        accountId: 'a',
        selection: selection.value,
        'onUpdate:selection': (next: SiteSelection) => (selection.value = next),
        onSort: (event: Emitted['sort'][number]) => emitted.sort.push(event),
        onOpen: (row: TableRow) => emitted.open.push(row.site.id),
        onDelete: (targets: SiteSelection) => emitted.delete.push(picked(targets)),
        onRange: (first: number, end: number) => emitted.range.push([first, end]),
      }),
  })
  const selected = { get value() { return picked(selection.value) } }
  const pinia = testingPinia()
  const router = await testRouter('/sites')
  const user = person()
  clipboard = []
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: options.writeText ?? (async (text: string) => void clipboard.push(text)) },
  })
  mountInBody(Host, { global: { plugins: [fake.plugin, pinia, router] } })
  await flushPromises()
  return { fake, emitted, selected, asked, unfetched, user, columns: useSiteColumnsStore(), toasts: useToastsStore() }
}

const table = () => screen.getByRole('table', { name: 'Sites' })
const row = (name: string) => within(table()).getByRole('link', { name }).closest('tr')!
const box = (name: string) => within(row(name)).getByRole<HTMLInputElement>('checkbox', { name: `Select ${name}` })
const allBox = () => within(table()).getByRole<HTMLInputElement>('checkbox', { name: 'Select all matching sites' })
const ids = (value: Picked) => value

describe('SitesTable', () => {
  it('shows the default columns after the checkbox, each header named by its label', async () => {
    await mountTable()
    const headers = within(table()).getAllByRole('columnheader').filter((th) => th.hasAttribute('aria-labelledby'))
    expect(headers.map((th) => th.textContent?.trim())).toEqual(['Name', 'Address', 'Status', 'Health', 'Updates', 'PHP', 'MySQL', 'Web server', 'Tags', 'Last check'])
    expect(within(table()).getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending')
    expect(within(row('Alpine Books')).getAllByRole('cell')[1]!.textContent?.trim()).toBe('Alpine Books')
  })

  it('renders every row of a short scope, and only a window of a long scope’s rows even when a search leaves a few dozen', async () => {
    const fifty = Array.from({ length: 50 }, (_, at) => makeSite(at + 1, { name: `Site ${String(at + 1).padStart(2, '0')}` }))
    const siteRows = () => table().querySelectorAll('tr.site-row').length
    await mountTable({ sites: fifty })
    expect(siteRows()).toBe(50)
    unmountAll()
    // Fifty matches of a 500-site scope: the rows on screen (before it is laid out, what a
    // window 360 px high can show: ten comfortable rows of 36 px, and four more below).
    const height = window.innerHeight
    window.innerHeight = 360
    try {
      await mountTable({ sites: fifty, scopeTotal: 500 })
      expect(siteRows()).toBe(10 + 4)
    } finally {
      window.innerHeight = height
    }
  })

  it('emits sort for a header click, additive with Shift, and marks the second sort', async () => {
    const { emitted, user } = await mountTable({ sort: [{ key: 'php', direction: 'asc' }, { key: 'updates', direction: 'desc' }] })
    await user.click(within(table()).getByRole('button', { name: /^Address/ }))
    await user.keyboard('{Shift>}')
    await user.click(within(table()).getByRole('button', { name: /^Status/ }))
    await user.keyboard('{/Shift}')
    expect(emitted.sort).toEqual([
      { key: 'url', additive: false },
      { key: 'status', additive: true },
    ])
    const updates = within(table()).getByRole('columnheader', { name: 'Updates' })
    expect(updates.getAttribute('aria-sort')).toBe('descending')
    expect(updates.querySelector('.sort-level')?.textContent).toBe('2')
  })

  it('opens the site on a row click, but not for its box, its address link or its copy button', async () => {
    const { emitted, user } = await mountTable()
    await user.click(within(row('Bluebird Bakery')).getAllByRole('cell')[4]!)
    await user.click(within(row('Cedar Hotel')).getByRole('link', { name: 'Cedar Hotel' }))
    await user.click(box('Alpine Dental'))
    const address = within(row('Alpine Books')).getByRole('link', { name: 'alpine-books.example.com' })
    expect(address.getAttribute('href')).toBe('https://alpine-books.example.com')
    expect(address.getAttribute('target')).toBe('_blank')
    expect(address.getAttribute('rel')).toBe('noopener noreferrer')
    address.addEventListener('click', (event) => event.preventDefault())
    await user.click(address)
    await user.click(within(row('Alpine Books')).getByRole('button', { name: 'Copy the address of Alpine Books' }))
    expect(emitted.open).toEqual([3, 4])
  })

  it('has an admin link only where the site has an admin address', async () => {
    await mountTable()
    expect(within(row('Alpine Books')).getByRole('link', { name: 'Open the admin of Alpine Books' }).getAttribute('href')).toBe('https://alpine-books.example.com/wp-admin/')
    expect(within(row('Alpine Dental')).queryByRole('link', { name: /Open the admin/ })).toBeNull()
  })

  it('never makes a link of an address that is not http(s)', async () => {
    const opened: unknown[] = []
    vi.spyOn(window, 'open').mockImplementation((url) => (opened.push(url), null))
    const odd = makeSite(9, { name: 'Odd Site', url: 'javascript:alert(1)', admin_url: 'file:///etc/passwd' })
    await mountTable({ sites: [odd] })
    const cells = row('Odd Site').querySelectorAll('a')
    expect([...cells].map((a) => a.getAttribute('href'))).toEqual(['/sites/9'])
    expect(within(row('Odd Site')).getByText('javascript:alert(1)')).toBeVisible()
    fireEvent.contextMenu(within(row('Odd Site')).getAllByRole('cell')[3]!)
    const menu = await screen.findByRole('menu', { name: 'Actions for Odd Site' })
    expect(within(menu).getByRole('menuitem', { name: 'Open site (new tab)' }).hasAttribute('data-disabled')).toBe(true)
    expect(within(menu).getByRole('menuitem', { name: 'Open admin (not a web address)' }).hasAttribute('data-disabled')).toBe(true)
    expect(opened).toEqual([])
  })

  it('selects by box, Shift+click for a range, the header box for all, Ctrl+A and Escape', async () => {
    const { selected, user } = await mountTable()
    await user.click(box('Alpine Books'))
    expect(ids(selected.value)).toEqual([1])
    expect(allBox().indeterminate).toBe(true)
    expect(row('Alpine Books').getAttribute('aria-selected')).toBe('true')
    expect(row('Alpine Books').classList.contains('selected')).toBe(true)

    await user.keyboard('{Shift>}')
    await user.click(box('Bluebird Bakery'))
    await user.keyboard('{/Shift}')
    expect(ids(selected.value)).toEqual([1, 2, 3])
    expect(box('Alpine Dental').checked).toBe(true)

    await user.click(box('Alpine Dental'))
    expect(ids(selected.value)).toEqual([1, 3])
    expect(box('Alpine Dental').checked).toBe(false)

    // The header box selects every matching row as one selection, not a list of them.
    await user.click(allBox())
    expect(ids(selected.value)).toBe('all')
    expect(allBox().checked).toBe(true)
    await user.click(allBox())
    expect(ids(selected.value)).toEqual([])

    await user.click(box('Cedar Hotel'))
    await user.keyboard('{Escape}')
    expect(ids(selected.value)).toEqual([])
    await user.keyboard('{Control>}a{/Control}')
    expect(ids(selected.value)).toBe('all')
    // A box unticked in a select-all takes that row out of it.
    await user.click(box('Cedar Hotel'))
    expect(ids(selected.value)).toEqual({ allBut: [4] })
    expect(row('Cedar Hotel').getAttribute('aria-selected')).toBe('false')
    expect(allBox().indeterminate).toBe(true)
  })

  it('shows rows not fetched yet as placeholders, and a Shift range over them asks for their keys', async () => {
    const { selected, asked, emitted, user } = await mountTable({ unfetched: [1, 2] })
    expect(emitted.range.at(-1)).toEqual([0, 4])
    expect(within(table()).queryByRole('link', { name: 'Alpine Dental' })).toBeNull()
    expect(table().querySelectorAll('tr.pending-row')).toHaveLength(2)
    await user.click(box('Alpine Books'))
    await user.keyboard('{Shift>}')
    await user.click(box('Cedar Hotel'))
    await user.keyboard('{/Shift}')
    await flushPromises()
    expect(asked).toEqual([[0, 4]])
    expect(ids(selected.value)).toEqual([1, 2, 3, 4])
  })

  it('moves the focus with the arrow keys onto a row not fetched yet once core answers it', async () => {
    const { unfetched, user } = await mountTable({ unfetched: [2] })
    within(row('Alpine Dental')).getByRole('link', { name: 'Alpine Dental' }).focus()
    await user.keyboard('{ArrowDown}')
    await flushPromises()
    expect(document.activeElement?.textContent).not.toBe('Bluebird Bakery')
    unfetched.value = new Set()
    await flushPromises()
    expect(document.activeElement).toBe(within(row('Bluebird Bakery')).getByRole('link', { name: 'Bluebird Bakery' }))
  })

  it('moves between rows with the arrow keys and selects the focused row with Space', async () => {
    const { selected, user } = await mountTable()
    within(row('Alpine Dental')).getByRole('link', { name: 'Alpine Dental' }).focus()
    await user.keyboard('{ArrowDown}')
    await flushPromises()
    expect(document.activeElement).toBe(within(row('Bluebird Bakery')).getByRole('link', { name: 'Bluebird Bakery' }))
    await user.keyboard(' ')
    expect(ids(selected.value)).toEqual([3])
    await user.keyboard('{ArrowUp}{ArrowUp}')
    await flushPromises()
    expect(document.activeElement).toBe(within(row('Alpine Books')).getByRole('link', { name: 'Alpine Books' }))
    await user.keyboard('{Shift>} {/Shift}')
    expect(ids(selected.value)).toEqual([1, 2, 3])
  })

  it('leaves Ctrl+A to a text field', async () => {
    const { selected, user } = await mountTable()
    const input = document.createElement('input')
    document.body.append(input)
    await user.click(input)
    await user.keyboard('{Control>}a{/Control}')
    expect(selected.value).toEqual([])
  })

  it('asks to delete the selection with the Delete key, or the focused row alone when it is not selected', async () => {
    const { emitted, user } = await mountTable()
    await user.click(box('Alpine Books'))
    await user.click(box('Cedar Hotel'))
    await user.keyboard('{Delete}')
    within(row('Bluebird Bakery')).getByRole('link', { name: 'Bluebird Bakery' }).focus()
    await user.keyboard('{Delete}')
    expect(emitted.delete).toEqual([[1, 4], [3]])
  })

  it('offers the row actions in one context menu, Delete… for the selection when the row is in it', async () => {
    const opened: unknown[] = []
    vi.spyOn(window, 'open').mockImplementation((url) => (opened.push(url), null))
    const { emitted, user } = await mountTable()
    await user.click(box('Alpine Books'))
    await user.click(box('Alpine Dental'))

    fireEvent.contextMenu(within(row('Alpine Dental')).getAllByRole('cell')[3]!)
    const menu = await screen.findByRole('menu', { name: 'Actions for Alpine Dental' })
    expect(within(menu).getByRole('menuitem', { name: 'Open admin (no admin address)' }).hasAttribute('data-disabled')).toBe(true)
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete 2 sites…' }))
    expect(emitted.delete).toEqual([[1, 2]])

    fireEvent.contextMenu(within(row('Cedar Hotel')).getAllByRole('cell')[3]!)
    await user.click(within(await screen.findByRole('menu', { name: 'Actions for Cedar Hotel' })).getByRole('menuitem', { name: 'Delete…' }))
    expect(emitted.delete).toEqual([[1, 2], [4]])

    fireEvent.contextMenu(within(row('Alpine Books')).getAllByRole('cell')[3]!)
    await user.click(within(await screen.findByRole('menu', { name: 'Actions for Alpine Books' })).getByRole('menuitem', { name: 'Open admin (new tab)' }))
    fireEvent.contextMenu(within(row('Alpine Books')).getAllByRole('cell')[3]!)
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Open site page' }))
    expect(opened).toEqual(['https://alpine-books.example.com/wp-admin/'])
    expect(emitted.open).toEqual([1])
  })

  it('copies the address and says so, or says why it could not', async () => {
    const { toasts, user } = await mountTable()
    await user.click(within(row('Cedar Hotel')).getByRole('button', { name: 'Copy the address of Cedar Hotel' }))
    await flushPromises()
    expect(clipboard).toEqual(['https://cedar.example.net'])
    expect(toasts.toasts.map((t) => [t.kind, t.message])).toEqual([['success', 'Copied https://cedar.example.net']])
    unmountAll()

    const refused = await mountTable({ writeText: () => Promise.reject(new Error('denied')) })
    await refused.user.click(within(row('Cedar Hotel')).getByRole('button', { name: 'Copy the address of Cedar Hotel' }))
    await flushPromises()
    expect(refused.toasts.toasts.map((t) => t.kind)).toEqual(['error'])
    expect(refused.toasts.toasts[0]!.message).toMatch(/Could not copy the address of “Cedar Hotel”/)
  })

  it('follows the column store: hidden, moved and resized columns, widths from the keyboard', async () => {
    const { columns, user } = await mountTable()
    columns.hide('a', 'status')
    columns.show('a', 'ip')
    columns.move('a', 'tags', -1)
    await flushPromises()
    const headers = within(table()).getAllByRole('columnheader').filter((th) => th.hasAttribute('aria-labelledby'))
    // Health (core's own checks, not a site field) is a column of the layout: it keeps its place after Status's.
    expect(headers.map((th) => th.textContent?.trim())).toEqual(['Name', 'Address', 'Health', 'Updates', 'PHP', 'MySQL', 'Tags', 'Web server', 'Last check', 'IP address'])
    // It is resized like the others, and hidden like them.
    within(table()).getByRole('separator', { name: 'Resize Health column' }).focus()
    await user.keyboard('{ArrowLeft}')
    expect(columns.layout('a').widths.health).toBe(360)
    columns.hide('a', 'health')
    await flushPromises()
    expect(within(table()).queryByRole('columnheader', { name: 'Health' })).toBeNull()

    const edge = within(table()).getByRole('separator', { name: 'Resize PHP column' })
    const before = Number(edge.getAttribute('aria-valuenow'))
    edge.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(columns.layout('a').widths.php).toBe(before + 20)
    expect(edge.getAttribute('aria-valuenow')).toBe(String(before + 20))
    await user.keyboard('{Enter}')
    expect(columns.layout('a').widths.php).toBeUndefined()
    // Name cannot be made narrower than a readable width.
    const nameEdge = within(table()).getByRole('separator', { name: 'Resize Name column' })
    nameEdge.focus()
    await user.keyboard('{Home}')
    expect(columns.layout('a').widths.name).toBe(Number(nameEdge.getAttribute('aria-valuemin')))
    expect(Number(nameEdge.getAttribute('aria-valuemin'))).toBeGreaterThanOrEqual(160)
  })

  it('registers its commands for the palette', async () => {
    const { selected } = await mountTable()
    const commands = useCommandsStore().all
    const selectAll = commands.find((c) => c.id === 'sites.table.selectAll')!
    expect(commands.map((c) => c.title)).toEqual(expect.arrayContaining(['Select all matching sites', 'Clear selection', 'Columns…', 'Density: compact rows']))
    await selectAll.run()
    expect(ids(selected.value)).toBe('all')
    await useCommandsStore().all.find((c) => c.id === 'sites.table.density')!.run()
    expect(useSiteColumnsStore().density).toBe('compact')
  })
})

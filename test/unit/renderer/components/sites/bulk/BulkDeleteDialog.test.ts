// The bulk delete dialog over core's own job (core/bulk, through memory-bulk-delete.ts): it names
// the view's query and the selection, shows a page of the sites core listed, runs, stops and
// retries through core, and says what became of each site; a select-all of hundreds of sites
// reaches the window a page at a time.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import { keyOf, type RowKey } from '../../../../../../src/shared/scope'
import { EMPTY_FILTER, type SiteSelection } from '../../../../../../src/shared/sites-query'
import type { DeleteQuery } from '../../../../../../src/renderer/src/composables/useBulkDeleteInAccounts'
import BulkDeleteDialog from '../../../../../../src/renderer/src/components/sites/bulk/BulkDeleteDialog.vue'
import { useBulkDeleteStore } from '../../../../../../src/renderer/src/stores/bulk-delete'
import { useToastsStore } from '../../../../../../src/renderer/src/stores/toasts'
import { deferred, fail, makeAccount, makeSite, memoryCore, ok, type FakeApi } from '../../../support/fake-api'
import { createFakeApiWithBulkDelete } from '../../../support/memory-bulk-delete'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../../../support/mount'

afterEach(unmountAll)

// By name: Blog, Docs, Shop (the view's order).
const SITES = [
  makeSite(1, { name: 'Shop', url: 'https://shop.example.com' }),
  makeSite(2, { name: 'Blog', url: 'https://blog.example.org/news' }),
  makeSite(3, { name: 'Docs', url: 'https://docs.example.net' }),
]
const BY_NAME: DeleteQuery = { scope: ['a'], filter: EMPTY_FILTER, sort: [{ key: 'name', direction: 'asc' }] }
const keys = (...ids: number[]): SiteSelection => ({ kind: 'keys', keys: ids.map((id) => keyOf('a', id)) })

function core(sites = SITES.map((s) => ({ ...s }))) {
  const made = memoryCore({ a: { sites }, b: { sites: [makeSite(2, { name: 'Bakery', url: 'https://bakery.example' })] } })
  return { ...made, fake: createFakeApiWithBulkDelete(made.methods) }
}

async function mountDialog(fake: FakeApi, selection: SiteSelection = keys(1, 2, 3), query: DeleteQuery = BY_NAME) {
  const pinia = testingPinia(query.scope.map((id) => makeAccount(id)))
  const router = await testRouter()
  const done: Array<[RowKey[], boolean]> = []
  const state = { open: true }
  const wrapper: VueWrapper = mountInBody(BulkDeleteDialog, {
    props: {
      open: true,
      selection,
      query,
      'onUpdate:open': (value: boolean) => {
        state.open = value
        void wrapper.setProps({ open: value })
      },
      onDone: (removed: RowKey[], everyOne: boolean) => done.push([removed, everyOne]),
    },
    global: { plugins: [fake.plugin, pinia, router] },
  })
  await flushPromises()
  return { state, pinia, done, wrapper, user: person() }
}

const dialog = () => screen.getByRole('alertdialog')
const listed = () =>
  within(dialog())
    .getAllByRole('listitem')
    .map((li) => [...li.querySelectorAll('.name, .host, .outcome')].map((part) => part.textContent?.trim()).join(' '))
/** Until the run has ended (core's last push read). */
const ended = (title: string) => vi.waitFor(() => expect(screen.getByRole('alertdialog', { name: title })).toBeVisible())

describe('BulkDeleteDialog', () => {
  it('asks once, listing every site by name and host, and deletes nothing before the confirmation', async () => {
    const { fake } = core()
    await mountDialog(fake)
    expect(screen.getByRole('alertdialog', { name: 'Delete 3 sites?' })).toBe(dialog())
    expect(within(dialog()).getByText(/cannot be undone/)).toBeVisible()
    expect(within(dialog()).getByRole('list', { name: 'Sites to delete' })).toBeVisible()
    expect(listed()).toEqual(['Blog blog.example.org/news', 'Docs docs.example.net', 'Shop shop.example.com'])
    expect(fake.api.sitesDelete).not.toHaveBeenCalled()
    // Core was named the selection, never handed rows.
    expect(fake.api.bulkDeletePrepare).toHaveBeenCalledWith({ query: { ...BY_NAME, keys: ['a:1', 'a:2', 'a:3'] } })
    // The safe choice has the focus: Enter right away does not delete.
    expect(document.activeElement?.textContent?.trim()).toBe('Cancel')
  })

  it('names one site in its title and toast', async () => {
    const { fake } = core()
    const { user, pinia } = await mountDialog(fake, keys(3))
    expect(screen.getByRole('alertdialog', { name: 'Delete Docs?' })).toBe(dialog())
    await user.click(within(dialog()).getByRole('button', { name: 'Delete 1 site' }))
    await ended('Site deleted')
    // The toast comes once the dialog, which says it itself, is closed.
    expect(useToastsStore(pinia).toasts).toEqual([])
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }))
    await flushPromises()
    expect(useToastsStore(pinia).toasts.map((t) => t.message)).toEqual(['Deleted Docs'])
  })

  it('deletes one at a time, shows each outcome with the reason of a failure, and retries only the failed', async () => {
    const { fake, data } = core()
    const broken = { code: 'server' as const, status: 500, message: 'The server at api.example.com had a problem answering (HTTP 500).' }
    let failBlog = true
    const deleteInMemory = fake.api.sitesDelete.getMockImplementation()!
    fake.api.sitesDelete.mockImplementation(async (input) => {
      if (input.siteId === 2 && failBlog) return fail(broken)
      return deleteInMemory(input)
    })
    const { pinia, user, done, state } = await mountDialog(fake)

    await user.click(within(dialog()).getByRole('button', { name: 'Delete 3 sites' }))
    await ended('Some sites were not deleted')

    expect(fake.api.sitesDelete.mock.calls.map(([input]) => input)).toEqual([
      { accountId: 'a', siteId: 2 },
      { accountId: 'a', siteId: 3 },
      { accountId: 'a', siteId: 1 },
    ])
    expect(within(dialog()).getByRole('status').textContent?.trim()).toBe('Deleted 2 sites; 1 failed.')
    await vi.waitFor(() =>
      expect(listed()).toEqual([`Blog blog.example.org/news Failed: ${broken.message}`, 'Docs docs.example.net Deleted', 'Shop shop.example.com Deleted']),
    )
    // No toast over the open dialog: its status line says it.
    expect(useToastsStore(pinia).toasts).toEqual([])
    // The deleted ones are gone from the store; the failed one is still there.
    expect(data.a!.sites.map((s) => s.id)).toEqual([2])
    expect(document.activeElement?.textContent?.trim()).toBe('Close')

    // After a run with failures the list can show only them.
    await user.click(within(dialog()).getByRole('button', { name: 'Failed (1)' }))
    await vi.waitFor(() => expect(listed()).toEqual([`Blog blog.example.org/news Failed: ${broken.message}`]))
    expect(within(dialog()).getByRole('button', { name: 'Failed (1)' }).getAttribute('aria-pressed')).toBe('true')

    failBlog = false
    await user.click(within(dialog()).getByRole('button', { name: 'Retry failed (1)' }))
    await ended('Sites deleted')
    expect(fake.api.sitesDelete.mock.calls.map(([input]) => input.siteId)).toEqual([2, 3, 1, 2])
    await vi.waitFor(() => expect(listed()).toEqual(['Blog blog.example.org/news Deleted', 'Docs docs.example.net Deleted', 'Shop shop.example.com Deleted']))
    expect(data.a!.sites).toEqual([])

    await user.click(within(dialog()).getByRole('button', { name: 'Close' }))
    await flushPromises()
    expect(state.open).toBe(false)
    // One toast for the job, both runs: what became of it in the end.
    expect(useToastsStore(pinia).toasts.map((t) => [t.kind, t.message, t.action])).toEqual([['success', 'Deleted 3 sites', undefined]])
    expect(done).toEqual([[['a:2', 'a:3', 'a:1'], true]])
    // Closing forgets the job, here and in core.
    expect(useBulkDeleteStore(pinia).jobId).toBeNull()
    expect(fake.api.bulkDeleteForget).toHaveBeenCalledTimes(1)
  })

  it('deletes and retries each site in its own account, whichever account is active', async () => {
    const { fake, data } = core()
    let failBakery = true
    const deleteInMemory = fake.api.sitesDelete.getMockImplementation()!
    fake.api.sitesDelete.mockImplementation(async (input) => {
      if (input.accountId === 'b' && failBakery) return fail({ code: 'server', message: 'The server had a problem (HTTP 500).' })
      return deleteInMemory(input)
    })
    // Site 2 of account a and site 2 of account b: the same id, two sites.
    const { user } = await mountDialog(fake, { kind: 'keys', keys: ['a:2', 'b:2'] }, { ...BY_NAME, scope: ['a', 'b'] })
    expect(listed()).toEqual(['Bakery bakery.example · Account b', 'Blog blog.example.org/news · Account a'])
    await user.click(within(dialog()).getByRole('button', { name: 'Delete 2 sites' }))
    await ended('Some sites were not deleted')
    failBakery = false
    await user.click(within(dialog()).getByRole('button', { name: 'Retry failed (1)' }))
    await ended('Sites deleted')
    expect(fake.api.sitesDelete.mock.calls.map(([input]) => input)).toEqual([
      { accountId: 'b', siteId: 2 },
      { accountId: 'a', siteId: 2 },
      { accountId: 'b', siteId: 2 },
    ])
    await vi.waitFor(() => expect(listed()).toEqual(['Bakery bakery.example · Account b Deleted', 'Blog blog.example.org/news · Account a Deleted']))
    expect(data.b!.sites).toEqual([])
    expect(data.a!.sites.map((s) => s.name)).toEqual(['Shop', 'Docs'])
  })

  it('shows "Deleting 2 of 3…" while it runs, cannot be closed by Escape, and Stop leaves the rest alone', async () => {
    const { fake } = core()
    const held = deferred<void>()
    const deleteInMemory = fake.api.sitesDelete.getMockImplementation()!
    fake.api.sitesDelete.mockImplementation(async (input) => {
      if (input.siteId === 3) await held.promise
      return deleteInMemory(input)
    })
    const { user, state, done, pinia } = await mountDialog(fake)
    await user.click(within(dialog()).getByRole('button', { name: 'Delete 3 sites' }))
    expect(document.activeElement?.textContent?.trim()).toBe('Stop')

    await vi.waitFor(() => expect(within(dialog()).getByRole('status').textContent?.trim()).toBe('Deleting 2 of 3…'))
    expect(within(dialog()).getByRole('progressbar', { name: 'Sites deleted' }).getAttribute('aria-valuenow')).toBe('33')
    await vi.waitFor(() => expect(listed()).toEqual(['Blog blog.example.org/news Deleted', 'Docs docs.example.net Deleting…', 'Shop shop.example.com']))
    await user.keyboard('{Escape}')
    expect(state.open).toBe(true)

    await user.click(within(dialog()).getByRole('button', { name: 'Stop' }))
    await vi.waitFor(() => expect((within(dialog()).getByRole('button', { name: 'Stopping…' }) as HTMLButtonElement).disabled).toBe(true))
    held.resolve()
    await ended('Deleting stopped')
    expect(fake.api.sitesDelete.mock.calls.map(([input]) => input.siteId)).toEqual([2, 3])
    await vi.waitFor(() => expect(listed()).toEqual(['Blog blog.example.org/news Deleted', 'Docs docs.example.net Deleted', 'Shop shop.example.com Not deleted (stopped)']))
    expect(within(dialog()).getByRole('status').textContent?.trim()).toBe('Deleted 2 sites; 1 not deleted (stopped).')
    expect(within(dialog()).queryByRole('button', { name: /Retry failed/ })).toBeNull()

    await user.keyboard('{Escape}')
    await flushPromises()
    expect(state.open).toBe(false)
    expect(done).toEqual([[['a:2', 'a:3'], false]])
    expect(useToastsStore(pinia).toasts.map((t) => [t.kind, t.message])).toEqual([['info', 'Deleted 2 sites; 1 not deleted (stopped)']])
  })

  it('reports a site someone else deleted meanwhile as already gone, not as a failure, and offers no retry for it', async () => {
    const { fake } = core()
    fake.api.sitesDelete.mockImplementation(async ({ siteId }) =>
      siteId === 2 ? fail({ code: 'not_found', status: 404, message: 'Site 2 was not found (HTTP 404). It may have been deleted; refresh the list.' }) : ok(undefined),
    )
    const { pinia, user, done } = await mountDialog(fake, keys(1, 2))
    await user.click(within(dialog()).getByRole('button', { name: 'Delete 2 sites' }))
    await ended('Sites deleted')
    await vi.waitFor(() => expect(listed()).toEqual(['Blog blog.example.org/news Already gone', 'Shop shop.example.com Deleted']))
    expect(within(dialog()).getByRole('status').textContent?.trim()).toBe('Deleted 1 site; 1 already gone.')
    expect(within(dialog()).queryByRole('button', { name: /Retry failed/ })).toBeNull()

    await user.click(within(dialog()).getByRole('button', { name: 'Close' }))
    await flushPromises()
    expect(done).toEqual([[['a:2', 'a:1'], true]])
    expect(useToastsStore(pinia).toasts.map((t) => t.kind)).toEqual(['success'])
  })

  it('does not open when core cannot list the sites, and says why', async () => {
    const { fake } = core()
    const { state, pinia } = await mountDialog(fake, keys(1), { ...BY_NAME, scope: ['a', 'gone'] })
    expect(state.open).toBe(false)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(useToastsStore(pinia).toasts.at(-1)?.message).toMatch(/^Could not read the sites to delete\./)
  })
})

describe('BulkDeleteDialog over a select-all of hundreds of sites', () => {
  const many = Array.from({ length: 260 }, (_, i) => makeSite(i + 1, { name: `Site ${String(i + 1).padStart(3, '0')}`, url: `https://site${i + 1}.example` }))

  it('holds a page of the list, shows more on asking, and deletes every matching row but the exceptions', async () => {
    const { fake, data } = core(many.map((s) => ({ ...s })))
    const { user, pinia, done } = await mountDialog(fake, { kind: 'matching', except: ['a:5'] })
    expect(screen.getByRole('alertdialog', { name: 'Delete 259 sites?' })).toBe(dialog())
    expect(within(dialog()).getAllByRole('listitem')).toHaveLength(100)
    expect(within(dialog()).getByText('Showing 100 of 259')).toBeVisible()
    await user.click(within(dialog()).getByRole('button', { name: 'Show more' }))
    await vi.waitFor(() => expect(within(dialog()).getAllByRole('listitem')).toHaveLength(200))
    expect(listed().slice(3, 5)).toEqual(['Site 004 site4.example', 'Site 006 site6.example'])
    // Never more than a page asked of core at once, never the list.
    for (const [input] of fake.api.bulkDeleteItems.mock.calls) expect(input.limit).toBeLessThanOrEqual(200)
    expect(useBulkDeleteStore(pinia).items.length).toBeLessThanOrEqual(200)

    await user.click(within(dialog()).getByRole('button', { name: 'Delete 259 sites' }))
    await ended('Sites deleted')
    expect(data.a!.sites.map((s) => s.id)).toEqual([5])
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }))
    await flushPromises()
    // A select-all names no keys: its deleted rows left the query; every one of them went.
    expect(done).toEqual([[[], true]])
  })
})

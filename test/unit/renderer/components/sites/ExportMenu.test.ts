// The Sites view's export menu asks core to write the file (export:sites) with the table's
// query and visible columns in their order, or the selection; it follows a web shell download,
// names where a desktop save went, says nothing for a cancelled dialog and the reason for a
// failure. The renderer never builds the file.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen } from '@testing-library/dom'
import { EMPTY_FILTER, type ExportResult, type SiteSelection, type SitesExportRequest } from '../../../../../src/shared'
import ExportMenu from '../../../../../src/renderer/src/components/sites/ExportMenu.vue'
import { useAccountsStore } from '../../../../../src/renderer/src/stores/accounts'
import { useSiteColumnsStore } from '../../../../../src/renderer/src/stores/site-columns'
import { useSiteWindowStore } from '../../../../../src/renderer/src/stores/site-window'
import { useToastsStore } from '../../../../../src/renderer/src/stores/toasts'
import { createFakeApi, fail, makeAccount, memoryCore, ok } from '../../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../../support/mount'

const VIEW = { scope: ['a'], filter: { ...EMPTY_FILTER, search: 'shop' }, sort: [{ key: 'name' as const, direction: 'desc' as const }] }
// Health (core's own column) where the table shows it: after Status.
const DEFAULT_COLUMNS = ['name', 'url', 'status', 'health', 'updates', 'php', 'mysql', 'web', 'tags', 'lastCheck']

let clicked: Array<{ href: string; download: string }>

// The menu itself loads on first use (it keeps reka-ui out of the first bundle): compiled once
// ahead, so a test's wait is for the menu, not for the first compile.
beforeAll(() => import('../../../../../src/renderer/src/components/sites/ExportDropdown.vue'), 30_000)

beforeEach(() => {
  clicked = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download })
  })
})

afterEach(() => {
  unmountAll()
  vi.restoreAllMocks()
})

async function mountMenu(answer: ExportResult | null, options: { count?: number; selection?: SiteSelection | null; all?: boolean } = {}) {
  const made = memoryCore({ a: {}, b: {} })
  const exportSites = vi.fn(async (_: SitesExportRequest) => (answer ? ok(answer) : fail({ code: 'internal', message: 'The disk is full.' })))
  const fake = createFakeApi({ ...made.methods, exportSites })
  const pinia = testingPinia([makeAccount('a', { label: 'Agency North' }), makeAccount('b', { label: 'Bureau' })])
  const props = { count: options.count ?? 2, selection: options.selection ?? null }
  mountInBody(ExportMenu, { props, global: { plugins: [fake.plugin, pinia, await testRouter()] } })
  if (options.all) useAccountsStore(pinia).$patch({ scopeChoice: 'all' } as never)
  useSiteWindowStore(pinia).setQuery(options.all ? { ...VIEW, scope: ['a', 'b'] } : VIEW)
  await flushPromises()
  return { fake, pinia, exportSites, user: person() }
}

async function choose(user: ReturnType<typeof person>, format: 'CSV' | 'JSON', count = 2) {
  await user.click(screen.getByRole('button', { name: `Export ${count} sites` }))
  await flushPromises()
  await user.click(await screen.findByRole('menuitem', { name: new RegExp(`^${format}`) }))
  await flushPromises()
}

describe('ExportMenu', () => {
  it("asks core for the view's rows with the visible columns, follows the web shell's download and says where it went", async () => {
    const { exportSites, pinia, user } = await mountMenu({ kind: 'download', name: 'sites-agency-north-2026-11-23.csv', url: '/downloads/abc', rows: 2 })
    await choose(user, 'CSV')
    expect(exportSites).toHaveBeenCalledExactlyOnceWith({ query: VIEW, columns: DEFAULT_COLUMNS, format: 'csv' })
    expect(clicked).toEqual([{ href: '/downloads/abc', download: 'sites-agency-north-2026-11-23.csv' }])
    expect(useToastsStore(pinia).toasts.at(-1)).toMatchObject({ kind: 'success', message: 'Exported 2 sites to sites-agency-north-2026-11-23.csv' })
  })

  it('names the path the desktop app saved the JSON to, and follows no link', async () => {
    const { exportSites, pinia, user } = await mountMenu({ kind: 'saved', name: 'sites-agency-north-2026-11-23.json', path: '/home/me/sites.json', rows: 2 })
    await choose(user, 'JSON')
    expect(exportSites.mock.calls[0]![0].format).toBe('json')
    expect(clicked).toEqual([])
    expect(useToastsStore(pinia).toasts.at(-1)?.message).toBe('Exported 2 sites. Saved to /home/me/sites.json')
  })

  it('says nothing when the person cancels the save dialog, and the reason when the export failed', async () => {
    const cancelled = await mountMenu({ kind: 'cancelled' })
    await choose(cancelled.user, 'CSV')
    expect(useToastsStore(cancelled.pinia).toasts).toEqual([])
    unmountAll()
    const failed = await mountMenu(null)
    await choose(failed.user, 'CSV')
    expect(useToastsStore(failed.pinia).toasts.at(-1)).toMatchObject({ kind: 'error', message: 'Could not export the sites: The disk is full.' })
  })

  it('names the columns the person arranged in the table, in their order', async () => {
    const { fake, pinia, exportSites, user } = await mountMenu({ kind: 'cancelled' })
    await fake.api.prefsSet({ key: 'sites.columns:a', value: { order: ['name', 'tags', 'url', 'ip'], hidden: ['status', 'updates', 'php', 'mysql', 'web', 'lastCheck', 'adminUrl', 'notes', 'published', 'created'] } })
    // The table has read the layout by the time anyone exports.
    useSiteColumnsStore(pinia).layout('a')
    await flushPromises()
    await choose(user, 'CSV')
    expect(exportSites.mock.calls[0]![0].columns).toEqual(['name', 'health', 'tags', 'url', 'ip'])
  })

  it('exports a selection: rows named by key whatever the search, or every matching row but the exceptions', async () => {
    const keyed = await mountMenu({ kind: 'cancelled' }, { selection: { kind: 'keys', keys: ['a:2', 'a:9'] } })
    await choose(keyed.user, 'CSV')
    expect(keyed.exportSites.mock.calls[0]![0]).toEqual({ query: { ...VIEW, filter: EMPTY_FILTER, keys: ['a:2', 'a:9'] }, columns: DEFAULT_COLUMNS, format: 'csv' })
    unmountAll()
    const matching = await mountMenu({ kind: 'cancelled' }, { selection: { kind: 'matching', except: ['a:3'] } })
    await choose(matching.user, 'CSV')
    expect(matching.exportSites.mock.calls[0]![0]).toEqual({ query: VIEW, except: ['a:3'], columns: DEFAULT_COLUMNS, format: 'csv' })
  })

  it('puts the Account column first in the All accounts scope', async () => {
    const { exportSites, user } = await mountMenu({ kind: 'cancelled' }, { all: true })
    await choose(user, 'CSV')
    const asked = exportSites.mock.calls[0]![0]
    expect(asked.query.scope).toEqual(['a', 'b'])
    expect(asked.columns[0]).toBe('account')
  })

  it('is disabled with nothing to export', async () => {
    await mountMenu(null, { count: 0 })
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Export 0 sites' }).disabled).toBe(true)
  })
})

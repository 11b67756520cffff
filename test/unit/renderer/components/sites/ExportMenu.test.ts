import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen } from '@testing-library/dom'
import Papa from 'papaparse'
import type { Site } from '../../../../../src/shared'
import { keyOf } from '../../../../../src/shared/scope'
import ExportMenu from '../../../../../src/renderer/src/components/sites/ExportMenu.vue'
import { useSiteColumnsStore } from '../../../../../src/renderer/src/stores/site-columns'
import { useToastsStore } from '../../../../../src/renderer/src/stores/toasts'
import { createFakeApi, fail, makeAccount, makeSite, makeTag, memoryCore, ok } from '../../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../../support/mount'

const SITES = [
  makeSite(1, { name: 'Shop', url: 'https://shop.example.com', tags: [makeTag(7, 'VIP')], updates_count: 2 }),
  makeSite(2, { name: '=cmd()', url: 'https://blog.example.org', server: { ip: null, web: null, php: null, mysql: null }, last_check_at: null }),
]

let downloads: Array<{ name: string; blob: Blob }>

beforeEach(() => {
  downloads = []
  let lastBlob: Blob | null = null
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      lastBlob = blob
      return 'blob:test/1'
    }),
    revokeObjectURL: vi.fn(),
  })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.href === 'blob:test/1' && lastBlob) downloads.push({ name: this.download, blob: lastBlob })
  })
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(2026, 10, 23, 14, 0))
})

afterEach(() => {
  unmountAll()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

async function mountMenu(shell: 'web' | 'electron', sites: readonly Site[] = SITES, extra: Parameters<typeof createFakeApi>[0] = {}) {
  const made = memoryCore({ a: { sites: [...sites] } })
  const fake = createFakeApi({
    ...made.methods,
    appInfo: async () => ok({ name: 'Site Manager', version: '1', shell, platform: 'linux' }),
    ...extra,
  })
  const pinia = testingPinia([makeAccount('a', { label: 'Agency North' })])
  const router = await testRouter()
  // The rows as the view asks core for them, when the export runs.
  const rows = vi.fn(async () => ok(sites.map((site) => ({ key: keyOf('a', site.id), accountId: 'a', site }))))
  mountInBody(ExportMenu, { props: { count: sites.length, rows }, global: { plugins: [fake.plugin, pinia, router] } })
  await flushPromises()
  return { fake, pinia, rows, user: person() }
}

async function choose(user: ReturnType<typeof person>, format: 'CSV' | 'JSON') {
  await user.click(screen.getByRole('button', { name: `Export ${SITES.length} sites` }))
  await flushPromises()
  await user.click(screen.getByRole('menuitem', { name: new RegExp(`^${format}`) }))
  // The file's writer loads when the export runs (not with the first page).
  await vi.dynamicImportSettled()
  await flushPromises()
}

describe('ExportMenu', () => {
  it('downloads the CSV in the web shell, with the visible columns, and says where it went', async () => {
    const { fake, pinia, user } = await mountMenu('web')
    await choose(user, 'CSV')
    expect(fake.api.fileSave).not.toHaveBeenCalled()
    expect(downloads.map((d) => d.name)).toEqual(['sites-agency-north-2026-11-23.csv'])
    expect(downloads[0]!.blob.type).toBe('text/csv;charset=utf-8')
    const rows = Papa.parse<string[]>(await downloads[0]!.blob.text(), { skipEmptyLines: true }).data
    expect(rows).toEqual([
      ['Name', 'Address', 'Status', 'Updates', 'PHP', 'MySQL', 'Web server', 'Tags', 'Last check'],
      ['Shop', 'https://shop.example.com', 'Ok', '2', '8.2.18', '8.0.36', 'nginx/1.24.0', 'VIP', '2024-06-01T00:00:00+00:00'],
      ["'=cmd()", 'https://blog.example.org', 'Ok', '0', '', '', '', '', ''],
    ])
    expect(useToastsStore(pinia).toasts.at(-1)).toMatchObject({ kind: 'success', message: 'Exported 2 sites to sites-agency-north-2026-11-23.csv' })
  })

  it('asks the desktop app to save the JSON, and names the path it was saved to', async () => {
    const fileSave = vi.fn(async () => ok({ saved: true, path: '/home/me/sites-agency-north-2026-11-23.json' }))
    const { pinia, user } = await mountMenu('electron', SITES, { fileSave })
    await choose(user, 'JSON')
    expect(downloads).toEqual([])
    expect(fileSave).toHaveBeenCalledOnce()
    const [{ suggestedName, content }] = fileSave.mock.calls[0] as unknown as [{ suggestedName: string; content: string }]
    expect(suggestedName).toBe('sites-agency-north-2026-11-23.json')
    expect(JSON.parse(content)).toEqual([
      { id: 1, name: 'Shop', url: 'https://shop.example.com', status: 'Ok', updates: '2', php: '8.2.18', mysql: '8.0.36', web: 'nginx/1.24.0', tags: 'VIP', lastCheck: '2024-06-01T00:00:00+00:00' },
      { id: 2, name: '=cmd()', url: 'https://blog.example.org', status: 'Ok', updates: '0', php: '', mysql: '', web: '', tags: '', lastCheck: '' },
    ])
    expect(useToastsStore(pinia).toasts.at(-1)?.message).toBe('Exported 2 sites. Saved to /home/me/sites-agency-north-2026-11-23.json')
  })

  it('says nothing when the person cancels the save dialog, and the reason when saving failed', async () => {
    const fileSave = vi
      .fn()
      .mockResolvedValueOnce(ok({ saved: false, path: null }))
      .mockResolvedValueOnce(fail({ code: 'internal', message: 'The disk is full.' }))
    const { pinia, user } = await mountMenu('electron', SITES, { fileSave })
    await choose(user, 'CSV')
    expect(useToastsStore(pinia).toasts).toEqual([])
    await choose(user, 'CSV')
    expect(useToastsStore(pinia).toasts.at(-1)).toMatchObject({ kind: 'error', message: 'Could not export the sites: The disk is full.' })
  })

  it('holds the columns the person arranged in the table, in their order', async () => {
    const { fake, pinia, user } = await mountMenu('web')
    await fake.api.prefsSet({ key: 'sites.columns:a', value: { order: ['name', 'tags', 'url', 'ip'], hidden: ['status', 'updates', 'php', 'mysql', 'web', 'lastCheck', 'adminUrl', 'notes', 'published', 'created'] } })
    // The table has read the layout by the time anyone exports.
    useSiteColumnsStore(pinia).layout('a')
    await flushPromises()
    await choose(user, 'CSV')
    const rows = Papa.parse<string[]>(await downloads[0]!.blob.text(), { skipEmptyLines: true }).data
    expect(rows[0]).toEqual(['Name', 'Tags', 'Address', 'IP address'])
    expect(rows[1]).toEqual(['Shop', 'VIP', 'https://shop.example.com', '192.0.2.1'])
  })

  it('is disabled with nothing to export', async () => {
    await mountMenu('web', [])
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Export 0 sites' }).disabled).toBe(true)
  })
})

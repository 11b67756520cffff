// export:sites and export:events through core's handlers, after a real sync of two accounts
// from the reference server: the file written where the save dialog said (atomically, 0644,
// nothing left beside it), its rows those of the Sites view's query in its order with the
// columns in the order given, a selection by keys, JSON, events of a scope as CSV, a cancelled
// dialog, the web shell's one-time download, and a scope naming a removed account.
import { readFile, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Core, CoreOptions } from '../../../../src/core'
import { ExportDownloads } from '../../../../src/core/export'
import { EMPTY_FILTER, type ExportResult, type SitesExportQuery } from '../../../../src/shared'
import { startReferenceServer } from '../../../../src/reference-server'
import { makeCore } from '../support/core-harness'
import { withTempDirs } from '../support/temp-dir'

const TOKENS = ['export-token-a-0123456789abcdef', 'export-token-b-0123456789abcdef']
let server: Awaited<ReturnType<typeof startReferenceServer>>
const dirs = await withTempDirs()
const cores: Core[] = []
const downloadsMade: ExportDownloads[] = []

beforeAll(async () => {
  server = await startReferenceServer({ port: 0, seed: 'export-channels', sites: 40, accounts: 2, tokens: TOKENS })
})
afterAll(async () => {
  await server.close()
})
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()))
  await Promise.all(downloadsMade.splice(0).map((d) => d.dispose()))
  await dirs.cleanup()
})

/** A desktop core whose save dialog answers a path in `saveDir` (null: cancelled), synced. */
async function syncedCore(extra: Partial<CoreOptions> = {}) {
  const saveDir = await dirs.make()
  const asked: string[] = []
  const harness = makeCore(await dirs.make(), {
    autoSync: false,
    chooseSavePath: async (name) => {
      asked.push(name)
      return join(saveDir, name)
    },
    ...extra,
  })
  cores.push(harness.core)
  const a = await harness.value('accounts:add', { label: 'Agency', baseUrl: server.baseUrl, token: TOKENS[0] })
  const b = await harness.value('accounts:add', { label: 'Bakery group', baseUrl: server.baseUrl, token: TOKENS[1] })
  await harness.value('sync:now', { accountId: a.id })
  await harness.value('sync:now', { accountId: b.id })
  return { ...harness, a, b, saveDir, asked }
}

function saved(result: ExportResult): Extract<ExportResult, { kind: 'saved' }> {
  if (result.kind !== 'saved') throw new Error(`expected a saved file, got ${result.kind}`)
  return result
}

const parse = (csv: string) => Papa.parse<string[]>(csv, { delimiter: ',', skipEmptyLines: true }).data

describe('export:sites', () => {
  it("writes every row of the view's query in its order, with the columns in the order given, where the dialog said", async () => {
    const { value, a, b, saveDir, asked } = await syncedCore()
    const query: SitesExportQuery = { scope: [a.id, b.id], filter: EMPTY_FILTER, sort: [{ key: 'name', direction: 'desc' }] }
    const result = saved(await value('export:sites', { query, columns: ['url', 'account', 'name'], format: 'csv' }))

    const page = await value('sites:query', { ...query, offset: 0, limit: 1000 })
    expect(result.rows).toBe(page.total)
    expect(asked).toEqual([result.name])
    expect(result.name).toMatch(/^sites-all-accounts-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(result.path).toBe(join(saveDir, result.name))
    const labels: Record<string, string> = { [a.id]: 'Agency', [b.id]: 'Bakery group' }
    expect(parse(await readFile(result.path, 'utf8'))).toEqual([
      ['Address', 'Account', 'Name'],
      ...page.rows.map((row) => [row.site.url, labels[row.accountId], row.site.name.replace(/^([=+\-@\t\r])/, "'$1")]),
    ])
    // Written atomically, for other programs to open: nothing left beside it.
    expect((await stat(result.path)).mode & 0o777).toBe(0o644)
    expect(await readdir(saveDir)).toEqual([result.name])
  })

  it('writes only the rows a selection names, in the view’s order; JSON keeps ids and accounts', async () => {
    const { value, a, b } = await syncedCore()
    const all = await value('sites:query', { scope: [a.id, b.id], filter: EMPTY_FILTER, sort: [], offset: 0, limit: 1000 })
    const picked = [all.rows[7]!, all.rows[1]!, all.rows.at(-1)!]
    const query: SitesExportQuery = { scope: [a.id, b.id], filter: EMPTY_FILTER, sort: [{ key: 'name', direction: 'asc' }], keys: picked.map((r) => r.key) }
    const result = saved(await value('export:sites', { query, columns: ['name', 'php'], format: 'json' }))
    const inOrder = (await value('sites:query', { ...query, offset: 0, limit: 1000 })).rows
    expect(result.rows).toBe(3)
    expect(JSON.parse(await readFile(result.path, 'utf8'))).toEqual(
      inOrder.map((row) => ({
        id: row.site.id,
        account: row.accountId === a.id ? 'Agency' : 'Bakery group',
        accountId: row.accountId,
        name: row.site.name,
        php: row.site.server.php ?? '',
      })),
    )
  })

  it("names one account's file after it and writes nothing when the dialog is cancelled", async () => {
    const { value, a } = await syncedCore()
    const query: SitesExportQuery = { scope: [a.id], filter: { ...EMPTY_FILTER, hasUpdates: true }, sort: [] }
    const result = saved(await value('export:sites', { query, columns: ['name'], format: 'csv' }))
    expect(result.name).toMatch(/^sites-agency-\d{4}-\d{2}-\d{2}\.csv$/)
    const matching = await value('sites:query', { ...query, offset: 0, limit: 1000 })
    expect(result.rows).toBe(matching.total)

    const cancelled = makeCore(await dirs.make(), { autoSync: false, chooseSavePath: async () => null })
    cores.push(cancelled.core)
    const account = await cancelled.value('accounts:add', { label: 'Agency', baseUrl: server.baseUrl, token: TOKENS[0] })
    expect(await cancelled.value('export:sites', { query: { ...query, scope: [account.id] }, columns: ['name'], format: 'csv' })).toEqual({ kind: 'cancelled' })
  })

  it('is not_found naming a removed account, and writes nothing', async () => {
    const { call, value, a, b, saveDir } = await syncedCore()
    await value('accounts:remove', { accountId: b.id })
    const result = await call('export:sites', { query: { scope: [a.id, b.id], filter: EMPTY_FILTER, sort: [] }, columns: ['name'], format: 'csv' })
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } })
    if (!result.ok) expect(result.error.message).toContain(b.id)
    expect(await readdir(saveDir)).toEqual([])
  })
})

describe('export:events', () => {
  it("writes every stored event of the scope matching the feed's query, newest first, each naming its account and site", async () => {
    const { value, a, b } = await syncedCore()
    const result = saved(await value('export:events', { scope: [a.id, b.id] }))
    const feed = []
    let slice = await value('events:query', { scope: [a.id, b.id], limit: 500 })
    feed.push(...slice.events)
    while (slice.next) {
      slice = await value('events:query', { scope: [a.id, b.id], limit: 500, after: slice.next })
      feed.push(...slice.events)
    }
    expect(feed.length).toBeGreaterThan(0)
    expect(result.rows).toBe(feed.length)
    expect(result.name).toMatch(/^events-all-accounts-\d{4}-\d{2}-\d{2}\.csv$/)
    const [header, ...rows] = parse(await readFile(result.path, 'utf8'))
    expect(header).toEqual(['Time', 'Account', 'Site id', 'Site name', 'Type', 'Category', 'Message'])
    expect(rows.map((row) => [row[1], row[2], row[3], row[4]])).toEqual(
      feed.map((e) => [e.accountId === a.id ? 'Agency' : 'Bakery group', String(e.site_id), e.siteName ?? '', e.type]),
    )
    expect(rows.map((row) => Date.parse(row[0]!))).toEqual(feed.map((e) => Date.parse(e.created_at)))
  })

  it("filters like the feed; one account's file has no Account column", async () => {
    const { value, a } = await syncedCore()
    const all = await value('events:query', { scope: [a.id], limit: 500 })
    const type = all.events[0]!.type
    const result = saved(await value('export:events', { scope: [a.id], types: [type] }))
    const [header, ...rows] = parse(await readFile(result.path, 'utf8'))
    expect(header).toEqual(['Time', 'Site id', 'Site name', 'Type', 'Category', 'Message'])
    expect(rows.length).toBe((await value('events:query', { scope: [a.id], types: [type], limit: 1 })).total)
    expect(rows.every((row) => row[3] === type)).toBe(true)
  })
})

describe('exports in the web shell', () => {
  it('write a temporary file in the data folder and answer its one-time download address', async () => {
    const dataDir = await dirs.make()
    const downloads = new ExportDownloads(join(dataDir, 'exports'))
    downloadsMade.push(downloads)
    const harness = makeCore(dataDir, { autoSync: false, downloads })
    cores.push(harness.core)
    const a = await harness.value('accounts:add', { label: 'Agency', baseUrl: server.baseUrl, token: TOKENS[0] })
    await harness.value('sync:now', { accountId: a.id })

    const result = await harness.value('export:sites', { query: { scope: [a.id], filter: EMPTY_FILTER, sort: [] }, columns: ['name'], format: 'csv' })
    if (result.kind !== 'download') throw new Error(`expected a download, got ${result.kind}`)
    expect(result.url).toMatch(/^\/downloads\/[A-Za-z0-9_-]{43}$/)
    const file = await downloads.take(result.url.slice('/downloads/'.length))
    expect(file).toMatchObject({ name: result.name, contentType: 'text/csv; charset=utf-8' })
    expect(file!.path.startsWith(join(dataDir, 'exports'))).toBe(true)
    expect(parse(await readFile(file!.path, 'utf8'))).toHaveLength(result.rows + 1)
    await file!.release()
    expect(await downloads.take(result.url.slice('/downloads/'.length))).toBeNull()
    expect(await readdir(join(dataDir, 'exports'))).toEqual([])
  })
})

// A bulk delete as core's job, through core's own handlers, after a real sync from the
// reference server over loopback HTTP: the sites a selection names (keys, or every matching row
// but some) in the view's order, deleted one at a time on the server and in the store; a site
// deleted elsewhere meanwhile is "gone", a refused delete "failed" with its reason and Retry
// failed runs only those; Stop takes effect between two sites; progress pushes are few; the list
// is read a page at a time; a forgotten or unknown job is not_found.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Core } from '../../../../src/core'
import { EMPTY_FILTER, type SitesExportQuery } from '../../../../src/shared'
import type { BulkDeleteItem, BulkDeleteProgress } from '../../../../src/shared/bulk-delete'
import { startReferenceServer } from '../../../../src/reference-server'
import { makeCore, type ChannelValue } from '../support/core-harness'
import { withTempDirs } from '../support/temp-dir'

const TOKENS = ['bulk-token-a-0123456789abcdef', 'bulk-token-b-0123456789abcdef']
const OTHER_TOKEN = 'bulk-token-c-0123456789abcdef'
type Server = Awaited<ReturnType<typeof startReferenceServer>>
let server: Server
let other: Server
const dirs = await withTempDirs()
const cores: Core[] = []

// Servers of their own for each test: a test's deletes leave the next one's sites alone.
beforeEach(async () => {
  server = await startReferenceServer({ port: 0, seed: 'bulk-delete', sites: 40, accounts: 2, tokens: TOKENS })
  other = await startReferenceServer({ port: 0, seed: 'bulk-delete-other', sites: 6, accounts: 1, tokens: [OTHER_TOKEN] })
})
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()))
  await Promise.all([server.close(), other.close()])
  await dirs.cleanup()
})

/** A core with one account on the reference server (its first token), synced. */
async function syncedCore(token = TOKENS[0]!, at: Server = server) {
  const harness = makeCore(await dirs.make(), { autoSync: false })
  cores.push(harness.core)
  const a = await harness.value('accounts:add', { label: 'Agency', baseUrl: at.baseUrl, token })
  await harness.value('sync:now', { accountId: a.id })
  return { ...harness, a }
}

const byName = (scope: string[]): SitesExportQuery => ({ scope, filter: EMPTY_FILTER, sort: [{ key: 'name', direction: 'asc' }] })

/** The job's progress once its run has ended. */
async function finished(value: ChannelValue, jobId: string): Promise<BulkDeleteProgress> {
  return vi.waitFor(
    async () => {
      const { progress } = await value('bulk:deleteItems', { jobId, offset: 0, limit: 1 })
      if (progress.running) throw new Error('still running')
      return progress
    },
    { timeout: 15_000, interval: 10 },
  )
}

/** Every item of the job, read a page at a time. */
async function allItems(value: ChannelValue, jobId: string, limit = 200): Promise<BulkDeleteItem[]> {
  const items: BulkDeleteItem[] = []
  for (let offset = 0; ; offset += limit) {
    const page = await value('bulk:deleteItems', { jobId, offset, limit })
    items.push(...page.items)
    if (page.items.length < limit) return items
  }
}

const deletesSent = (at: Server) => at.requestLog().filter((line) => line.startsWith('DELETE '))

async function deleteOnServer(at: Server, token: string, siteId: number): Promise<void> {
  const response = await fetch(`${at.baseUrl}/sites/${siteId}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } })
  expect(response.ok).toBe(true)
}

describe('bulk delete', () => {
  it('deletes the sites a selection of keys names, one at a time in the view’s order, on the server and in the store', async () => {
    const { value, a } = await syncedCore()
    const rows = (await value('sites:query', { ...byName([a.id]), offset: 0, limit: 1000 })).rows
    const picked = [rows[9]!, rows[2]!, rows[5]!]
    const before = deletesSent(server).length

    const { jobId, total } = await value('bulk:deletePrepare', { query: { ...byName([a.id]), keys: picked.map((r) => r.key) } })
    expect(total).toBe(3)
    const inOrder = [rows[2]!, rows[5]!, rows[9]!]
    expect((await allItems(value, jobId)).map((i) => [i.index, i.key, i.name, i.url, i.state])).toEqual(inOrder.map((r, index) => [index, r.key, r.site.name, r.site.url, 'pending']))
    // Nothing is deleted before the run.
    expect(deletesSent(server).length).toBe(before)

    const started = await value('bulk:deleteRun', { jobId })
    expect(started).toMatchObject({ running: true, of: 3, runs: 1 })
    const end = await finished(value, jobId)
    expect(end).toMatchObject({ running: false, at: 3, of: 3, counts: { pending: 0, deleting: 0, deleted: 3, gone: 0, failed: 0, cancelled: 0 } })
    expect(deletesSent(server).slice(before)).toEqual(inOrder.map((r) => `DELETE /api/v1/sites/${r.site.id}`))
    expect((await allItems(value, jobId)).map((i) => [i.state, i.attempts, i.error])).toEqual(inOrder.map(() => ['deleted', 1, null]))
    // The store forgot them, as after a single delete.
    const left = await value('sites:query', { ...byName([a.id]), offset: 0, limit: 1000 })
    expect(left.total).toBe(rows.length - 3)
    expect(left.rows.some((r) => picked.some((p) => p.key === r.key))).toBe(false)
    // A job of keys answers the rows it removed (the window drops them from its selection).
    expect(await value('bulk:deleteRemoved', { jobId })).toEqual(inOrder.map((r) => r.key))
  })

  it('calls a site deleted elsewhere meanwhile gone, not failed, and never tries it again', async () => {
    const { value, a } = await syncedCore()
    const rows = (await value('sites:query', { ...byName([a.id]), offset: 0, limit: 3 })).rows
    await deleteOnServer(server, TOKENS[0]!, rows[1]!.site.id)
    const { jobId } = await value('bulk:deletePrepare', { query: { ...byName([a.id]), keys: rows.map((r) => r.key) } })
    await value('bulk:deleteRun', { jobId })
    expect((await finished(value, jobId)).counts).toMatchObject({ deleted: 2, gone: 1, failed: 0 })
    expect((await allItems(value, jobId)).map((i) => i.state)).toEqual(['deleted', 'gone', 'deleted'])
    const before = deletesSent(server).length
    // Nothing failed: Retry failed has nothing to run.
    expect(await value('bulk:deleteRetryFailed', { jobId })).toMatchObject({ running: false, runs: 1 })
    expect(deletesSent(server).length).toBe(before)
    expect(await value('bulk:deleteRemoved', { jobId })).toEqual(rows.map((r) => r.key))
  })

  it('takes sites found gone out of the store at once, with no delete of its own to sync after', async () => {
    const { value, a } = await syncedCore()
    const rows = (await value('sites:query', { ...byName([a.id]), offset: 0, limit: 2 })).rows
    for (const row of rows) await deleteOnServer(server, TOKENS[0]!, row.site.id)
    const keys = rows.map((r) => r.key)
    const { jobId } = await value('bulk:deletePrepare', { query: { ...byName([a.id]), keys } })
    await value('bulk:deleteRun', { jobId })
    expect((await finished(value, jobId)).counts).toMatchObject({ gone: 2, deleted: 0 })
    expect((await value('sites:query', { ...byName([a.id]), offset: 0, limit: 10, keys })).total).toBe(0)
  })

  it('keeps a refused delete as failed with its reason; Retry failed runs only those, each in its own account', async () => {
    const { value, a } = await syncedCore()
    const b = await value('accounts:add', { label: 'Bakery', baseUrl: other.baseUrl, token: OTHER_TOKEN })
    await value('sync:now', { accountId: b.id })
    const scope = [a.id, b.id]
    const all = (await value('sites:query', { ...byName(scope), offset: 0, limit: 1000 })).rows
    const picked = [...all.filter((r) => r.accountId === a.id).slice(0, 2), ...all.filter((r) => r.accountId === b.id).slice(0, 2)]
    const { jobId } = await value('bulk:deletePrepare', { query: { ...byName(scope), keys: picked.map((r) => r.key) } })

    // The second server refuses every request for now.
    other.setFaults({ failureRate: 1, failureStatuses: [500] })
    await value('bulk:deleteRun', { jobId })
    expect((await finished(value, jobId)).counts).toMatchObject({ deleted: 2, failed: 2 })
    const failed = await value('bulk:deleteItems', { jobId, offset: 0, limit: 10, states: ['failed'] })
    expect(failed.matching).toBe(2)
    expect(failed.items.map((i) => [i.accountId, i.attempts, i.error?.code, i.error?.status])).toEqual([
      [b.id, 1, 'server', 500],
      [b.id, 1, 'server', 500],
    ])

    other.setFaults({ failureRate: 0 })
    const before = deletesSent(server).length
    const otherBefore = deletesSent(other).length
    expect(await value('bulk:deleteRetryFailed', { jobId })).toMatchObject({ running: true, of: 2, runs: 2 })
    expect((await finished(value, jobId)).counts).toMatchObject({ deleted: 4, failed: 0 })
    // Only the failed ones went again, to their own server.
    expect(deletesSent(server).length).toBe(before)
    expect(deletesSent(other).slice(otherBefore)).toEqual(failed.items.map((i) => `DELETE /api/v1/sites/${i.siteId}`))
    // Account a's went once, b's twice (failed, then deleted); none keeps the old reason.
    expect((await allItems(value, jobId)).map((i) => [i.accountId, i.state, i.attempts, i.error])).toEqual(
      all.filter((r) => picked.includes(r)).map((r) => [r.accountId, 'deleted', r.accountId === a.id ? 1 : 2, null]),
    )
  })

  it('stops between two sites: the one being deleted finishes, the rest are cancelled and not tried by Retry failed', async () => {
    const { value, a } = await syncedCore()
    const rows = (await value('sites:query', { ...byName([a.id]), offset: 0, limit: 5 })).rows
    const { jobId } = await value('bulk:deletePrepare', { query: { ...byName([a.id]), keys: rows.map((r) => r.key) } })
    server.setFaults({ latencyMs: 40 })
    const before = deletesSent(server).length
    await value('bulk:deleteRun', { jobId })
    expect(await value('bulk:deleteStop', { jobId })).toMatchObject({ running: true, stopping: true })
    const end = await finished(value, jobId)
    expect(end).toMatchObject({ running: false, stopping: false, counts: { deleted: 1, cancelled: 4, pending: 0 } })
    expect(deletesSent(server).slice(before)).toEqual([`DELETE /api/v1/sites/${rows[0]!.site.id}`])
    expect((await allItems(value, jobId)).map((i) => i.state)).toEqual(['deleted', 'cancelled', 'cancelled', 'cancelled', 'cancelled'])
    expect(await value('bulk:deleteRetryFailed', { jobId })).toMatchObject({ running: false, runs: 1 })
  })

  it('resolves every matching row but the exceptions, in the view’s order, and deletes exactly those', async () => {
    const { value, a } = await syncedCore()
    const query: SitesExportQuery = { scope: [a.id], filter: { ...EMPTY_FILTER, hasUpdates: true }, sort: [{ key: 'name', direction: 'desc' }] }
    const matching = (await value('sites:query', { ...query, offset: 0, limit: 1000 })).rows
    expect(matching.length).toBeGreaterThan(3)
    const except = [matching[0]!.key, matching[2]!.key]
    const { jobId, total } = await value('bulk:deletePrepare', { query, except })
    const expected = matching.filter((r) => !except.includes(r.key))
    expect(total).toBe(expected.length)
    expect((await allItems(value, jobId, 2)).map((i) => i.key)).toEqual(expected.map((r) => r.key))

    await value('bulk:deleteRun', { jobId })
    expect((await finished(value, jobId)).counts.deleted).toBe(expected.length)
    // Only the exceptions are left of what matched; a job of every matching row answers no keys.
    expect((await value('sites:query', { ...query, offset: 0, limit: 1000 })).rows.map((r) => r.key)).toEqual(except)
    expect(await value('bulk:deleteRemoved', { jobId })).toBeNull()
  })

  it('pushes progress at the run’s start and end and at most about ten times a second between', async () => {
    const { value, a, pushesOf } = await syncedCore()
    const { jobId, total } = await value('bulk:deletePrepare', { query: byName([a.id]) })
    expect(total).toBeGreaterThan(30)
    const startedAt = Date.now()
    await value('bulk:deleteRun', { jobId })
    await finished(value, jobId)
    const elapsed = Date.now() - startedAt
    const pushes = pushesOf('bulk:progress').filter((p) => p.jobId === jobId)
    expect(pushes[0]).toMatchObject({ running: true, at: 0, of: total })
    expect(pushes.at(-1)).toMatchObject({ running: false, at: total, of: total, counts: { deleted: total } })
    // Two edges and a step every 100 ms at most, never one per change (2 per site).
    expect(pushes.length).toBeLessThanOrEqual(2 + Math.ceil(elapsed / 100) + 1)
    expect(pushes.length).toBeLessThan(total)
  })

  it('answers the list a page at a time, by state, and refuses a page too long, a job it does not hold and a forgotten one', async () => {
    const { value, call, a } = await syncedCore()
    const all = (await value('sites:query', { ...byName([a.id]), offset: 0, limit: 1000 })).rows
    const { jobId, total } = await value('bulk:deletePrepare', { query: byName([a.id]) })
    expect(total).toBe(all.length)
    const second = await value('bulk:deleteItems', { jobId, offset: 15, limit: 15 })
    expect(second.items.map((i) => i.index)).toEqual([...Array(15).keys()].map((i) => i + 15))
    expect(second.items.map((i) => i.key)).toEqual(all.slice(15, 30).map((r) => r.key))
    expect(second.matching).toBe(total)
    expect(await value('bulk:deleteItems', { jobId, offset: 0, limit: 5, states: ['failed', 'gone'] })).toMatchObject({ items: [], matching: 0 })

    expect(await call('bulk:deleteItems', { jobId, offset: 0, limit: 201 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(await call('bulk:deleteItems', { jobId, offset: 0, limit: 5, states: ['lost'] })).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(await call('bulk:deleteRun', { jobId: 'not-a-job' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(await call('bulk:deleteRun', { jobId: crypto.randomUUID() })).toMatchObject({ ok: false, error: { code: 'not_found' } })

    await value('bulk:deleteForget', { jobId })
    expect(await call('bulk:deleteItems', { jobId, offset: 0, limit: 5 })).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })

  it('keeps a few jobs at most: a new one forgets the oldest that is not running', async () => {
    const { value, call, a } = await syncedCore()
    const ids: string[] = []
    for (let n = 0; n < 5; n++) ids.push((await value('bulk:deletePrepare', { query: { ...byName([a.id]), keys: [] } })).jobId)
    expect(await call('bulk:deleteItems', { jobId: ids[0], offset: 0, limit: 1 })).toMatchObject({ ok: false, error: { code: 'not_found' } })
    for (const jobId of ids.slice(1)) expect(await call('bulk:deleteItems', { jobId, offset: 0, limit: 1 })).toMatchObject({ ok: true })
  })

  it('is not_found naming a removed account; a site of an account removed during the run failed, not gone', async () => {
    const { value, call, a } = await syncedCore()
    const rows = (await value('sites:query', { ...byName([a.id]), offset: 0, limit: 2 })).rows
    const { jobId } = await value('bulk:deletePrepare', { query: { ...byName([a.id]), keys: rows.map((r) => r.key) } })
    await value('accounts:remove', { accountId: a.id })
    await value('bulk:deleteRun', { jobId })
    const end = await finished(value, jobId)
    expect(end.counts).toMatchObject({ failed: 2, gone: 0 })
    expect((await allItems(value, jobId)).map((i) => i.error?.code)).toEqual(['not_found', 'not_found'])
    expect(await call('bulk:deletePrepare', { query: byName([a.id]) })).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })
})

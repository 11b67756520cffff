// The window's side of a bulk delete over core's own job (memory-bulk-delete.ts): it holds a
// page of the list, never more than BULK_LIST_MAX, reads it a page of at most 200 at a time,
// keeps the newer of two answers about the job, and forgets its last job before the next.
import { describe, expect, it, vi } from 'vitest'
import { EMPTY_FILTER } from '../../../../src/shared/sites-query'
import { BULK_LIST_MAX, useBulkDeleteStore } from '../../../../src/renderer/src/stores/bulk-delete'
import { makeSite, memoryCore } from '../support/fake-api'
import { createFakeApiWithBulkDelete } from '../support/memory-bulk-delete'
import { storePinia } from '../support/mount'

const many = Array.from({ length: 700 }, (_, i) => makeSite(i + 1, { name: `Site ${String(i + 1).padStart(3, '0')}` }))
const ALL = { query: { scope: ['a'], filter: EMPTY_FILTER, sort: [{ key: 'name' as const, direction: 'asc' as const }] } }

function setUp() {
  const made = memoryCore({ a: { sites: many.map((s) => ({ ...s })) } })
  const fake = createFakeApiWithBulkDelete(made.methods)
  storePinia(fake)
  return { fake, data: made.data, store: useBulkDeleteStore() }
}

describe('the bulk delete store', () => {
  it('holds the first hundred of a long list and more on asking, never more than its cap, read 200 at most at a time', async () => {
    const { fake, store } = setUp()
    expect(await store.prepare(ALL)).toEqual({ ok: true, value: { total: 700 } })
    expect(store.items.map((i) => i.index)).toEqual([...Array(100).keys()])
    expect(store.matching).toBe(700)
    for (let n = 0; n < 6; n++) await store.showMore()
    expect(store.items).toHaveLength(BULK_LIST_MAX)
    expect(store.items.at(-1)!.name).toBe('Site 500')
    for (const [input] of fake.api.bulkDeleteItems.mock.calls) expect(input.limit).toBeLessThanOrEqual(200)
  })

  it('shows only the sites of some states, from the top', async () => {
    const { fake, store } = setUp()
    const deleteInMemory = fake.api.sitesDelete.getMockImplementation()!
    fake.api.sitesDelete.mockImplementation(async (input) => (input.siteId % 100 === 0 ? { ok: false, error: { code: 'server', message: 'No.' } } : deleteInMemory(input)))
    await store.prepare(ALL)
    await store.run()
    await vi.waitFor(() => expect(store.progress?.running).toBe(false), { timeout: 10_000 })
    expect(store.progress?.counts).toMatchObject({ deleted: 693, failed: 7 })
    await store.showStates(['failed'])
    expect(store.items.map((i) => i.siteId)).toEqual([100, 200, 300, 400, 500, 600, 700])
    expect(store.matching).toBe(7)
  })

  it('keeps the newer of two answers about its job, and ignores pushes of another job', async () => {
    const { fake, store } = setUp()
    await store.prepare({ query: { ...ALL.query, keys: ['a:1', 'a:2'] } })
    const now = store.progress!
    fake.emit('bulk:progress', { ...now, step: now.step - 1, running: true })
    expect(store.progress).toEqual(now)
    fake.emit('bulk:progress', { ...now, jobId: crypto.randomUUID(), step: now.step + 5, running: true })
    expect(store.progress).toEqual(now)
    fake.emit('bulk:progress', { ...now, step: now.step + 1, stopping: true })
    expect(store.progress).toMatchObject({ step: now.step + 1, stopping: true })
  })

  it('forgets its last job in core before preparing the next, and answers the removed keys of a job of keys only', async () => {
    const { fake, store } = setUp()
    await store.prepare({ query: { ...ALL.query, keys: ['a:3', 'a:1'] } })
    const first = store.jobId!
    await store.run()
    await vi.waitFor(() => expect(store.progress?.running).toBe(false))
    expect(await store.removedKeys()).toEqual(['a:1', 'a:3'])

    await store.prepare(ALL)
    expect(fake.api.bulkDeleteForget).toHaveBeenCalledWith({ jobId: first })
    expect((await fake.api.bulkDeleteItems({ jobId: first, offset: 0, limit: 1 })).ok).toBe(false)
    expect(store.jobId).not.toBe(first)
    // A select-all's deleted rows leave the query: no keys to drop.
    expect(await store.removedKeys()).toEqual([])
  })
})

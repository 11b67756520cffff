// The History of the site a page shows: read when shown, again quietly after a sync changed its
// account's sites (a failure then keeps what is shown), and nothing more once the page left it;
// an answer for a site left behind is dropped.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { Result, SiteHistory } from '../../../../src/shared'
import { useSiteHistoryStore } from '../../../../src/renderer/src/stores/site-history'
import { createFakeApi, deferred, fail, ok } from '../support/fake-api'
import { storePinia } from '../support/mount'

const history = (siteId: number, count: number): SiteHistory => ({
  accountId: 'a',
  siteId,
  changes: Array.from({ length: count }, () => ({ at: '2026-11-01T08:00:00.000Z', field: 'php' as const, from: '8.1', to: '8.2' })),
  since: '2026-10-01T08:00:00.000Z',
})
const sitesChanged = (accountId: string) => ({ accountId, sites: true, tags: false, events: false, changes: null })

describe('site history store', () => {
  it("reads the shown site, again after its account's sites changed, keeping it when that read fails", async () => {
    let count = 1
    const fake = createFakeApi({ historySite: async ({ siteId }) => ok(history(siteId, count)) })
    storePinia(fake)
    const store = useSiteHistoryStore()
    await store.show('a', 7)
    expect(store.history?.changes).toHaveLength(1)

    fake.emit('workspace:changed', sitesChanged('b'))
    count = 2
    fake.emit('workspace:changed', sitesChanged('a'))
    await flushPromises()
    expect(fake.api.historySite).toHaveBeenCalledTimes(2)
    expect(store.history?.changes).toHaveLength(2)

    fake.api.historySite.mockResolvedValueOnce(fail({ code: 'internal', message: 'The store is busy.' }))
    fake.emit('workspace:changed', sitesChanged('a'))
    await flushPromises()
    expect(store.error).toBeNull()
    expect(store.history?.changes).toHaveLength(2)
  })

  it('drops an answer for a site the page left, and reads nothing more for it', async () => {
    const late = deferred<Result<SiteHistory>>()
    const fake = createFakeApi({ historySite: () => late.promise })
    storePinia(fake)
    const store = useSiteHistoryStore()
    void store.show('a', 7)
    store.leave('a', 7)
    late.resolve(ok(history(7, 3)))
    await flushPromises()
    expect(store.history).toBeNull()
    expect(store.loading).toBe(false)
    fake.emit('workspace:changed', sitesChanged('a'))
    await flushPromises()
    expect(fake.api.historySite).toHaveBeenCalledTimes(1)
  })
})

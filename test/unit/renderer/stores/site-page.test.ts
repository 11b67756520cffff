// The site a page shows, read from core's store by its key: read when shown, again when core
// says its account's sites changed (a site gone from the store reads as none), and not after
// the page went.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useSitePageStore } from '../../../../src/renderer/src/stores/site-page'
import { useSitesStore } from '../../../../src/renderer/src/stores/sites'
import { createFakeApi, fail, makeAccount, makeSite, memoryCore } from '../support/fake-api'
import { storePinia } from '../support/mount'

const sitesChanged = (accountId: string) => ({ accountId, sites: true, tags: false, events: false, changes: null })

function setup() {
  const core = memoryCore({ a: { sites: [makeSite(7, { name: 'Shop' })] } })
  const fake = createFakeApi(core.methods)
  storePinia(fake)
  useAccountsStore().applyState({ accounts: [makeAccount('a')], lastActiveId: 'a' })
  return { core, fake, page: useSitePageStore(), sites: useSitesStore() }
}

describe('site page store', () => {
  it("reads the shown site, and again when its account's sites changed", async () => {
    const { core, fake, page, sites } = setup()
    const reading = page.show('a', 7)
    expect(page.read).toBe('reading')
    await reading
    expect(page.read).toBe('read')
    expect(sites.siteIn('a', 7)?.name).toBe('Shop')

    core.data.a!.sites = []
    fake.emit('workspace:changed', sitesChanged('a'))
    await flushPromises()
    expect(page.read).toBe('read')
    expect(sites.siteIn('a', 7)).toBeUndefined()
  })

  it('says why a read failed, and reads nothing once the page went', async () => {
    const { fake, page } = setup()
    fake.api.sitesQuery.mockResolvedValueOnce(fail({ code: 'internal', message: 'The store is busy.' }))
    await page.show('a', 7)
    expect(page.read).toBe('read-failed')
    expect(page.readError).toMatchObject({ code: 'internal' })

    page.leave()
    const asked = fake.api.sitesQuery.mock.calls.length
    fake.emit('workspace:changed', sitesChanged('a'))
    await flushPromises()
    expect(fake.api.sitesQuery).toHaveBeenCalledTimes(asked)
  })
})

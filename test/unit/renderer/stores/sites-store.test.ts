import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { isReactive } from 'vue'
import type { Page, Result, Site } from '../../../../src/shared'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useSitesStore } from '../../../../src/renderer/src/stores/sites'
import { deferred, fail, installFakeApi, makeAccount, makeSite, makeTag, ok, pageOf, settle } from '../support/fake-api'

const sitesOfA = Array.from({ length: 20 }, (_, i) => makeSite(i + 1, { name: `A site ${i + 1}` }))
const sitesOfB = [makeSite(100, { name: 'B only' })]

function accountsStore(active = 'a') {
  const accounts = useAccountsStore()
  accounts.applyState({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: active })
  return accounts
}

describe('sites store', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('loads the first page and then the whole list of the active account', async () => {
    const fake = installFakeApi({
      sitesList: async ({ page }) => ok(pageOf(sitesOfA, page ?? 1)),
      sitesAll: async () => ok(sitesOfA),
    })
    accountsStore()
    const sites = useSitesStore()
    await settle()
    expect(fake.api.sitesList).toHaveBeenCalledWith({ accountId: 'a', page: 1 })
    expect(fake.api.sitesAll).toHaveBeenCalledWith({ accountId: 'a' })
    expect(sites.allSites).toHaveLength(20)
    expect(sites.isComplete).toBe(true)
    expect(sites.total).toBe(20)
    expect(sites.siteById(3)?.name).toBe('A site 3')
  })

  it('shows the API page while the whole list is still coming, and pages through it', async () => {
    const all = deferred<Result<Site[]>>()
    const fake = installFakeApi({
      sitesList: async ({ page }) => ok(pageOf(sitesOfA, page ?? 1)),
      sitesAll: () => all.promise,
    })
    accountsStore()
    const sites = useSitesStore()
    await settle()
    expect(sites.isComplete).toBe(false)
    expect(sites.allSites).toHaveLength(15)
    expect(sites.total).toBe(20)
    await sites.loadPage(2)
    expect(fake.api.sitesList).toHaveBeenLastCalledWith({ accountId: 'a', page: 2 })
    expect(sites.allSites.map((s) => s.id)).toEqual([16, 17, 18, 19, 20])
    all.resolve(ok(sitesOfA))
    await settle()
    expect(sites.allSites).toHaveLength(20)
  })

  it('never shows a late answer of one account under another', async () => {
    const slowA = deferred<Result<Site[]>>()
    const slowPageA = deferred<Result<Page<Site>>>()
    installFakeApi({
      sitesList: ({ accountId }) => (accountId === 'a' ? slowPageA.promise : Promise.resolve(ok(pageOf(sitesOfB, 1)))),
      sitesAll: ({ accountId }) => (accountId === 'a' ? slowA.promise : Promise.resolve(ok(sitesOfB))),
      accountsSetActive: async () => ok(undefined),
    })
    const accounts = accountsStore('a')
    const sites = useSitesStore()
    await settle()
    accounts.setActive('b')
    await settle()
    expect(sites.allSites.map((s) => s.name)).toEqual(['B only'])
    slowA.resolve(ok(sitesOfA))
    slowPageA.resolve(ok(pageOf(sitesOfA, 1)))
    await settle()
    expect(sites.allSites.map((s) => s.name)).toEqual(['B only'])
    // Switching back shows A's own sites, which were kept under A's id.
    accounts.setActive('a')
    expect(sites.allSites).toHaveLength(20)
  })

  it('joins a whole-list fetch already under way instead of starting another (repeated Ctrl+R)', async () => {
    const all = deferred<Result<Site[]>>()
    const fake = installFakeApi({
      sitesList: async ({ page }) => ok(pageOf(sitesOfA, page ?? 1)),
      sitesAll: () => all.promise,
    })
    accountsStore()
    const sites = useSitesStore()
    await settle()
    const refreshes = [sites.refresh(), sites.refresh(), sites.loadAll()]
    all.resolve(ok(sitesOfA))
    await Promise.all(refreshes)
    expect(fake.api.sitesAll).toHaveBeenCalledTimes(1)
    expect(sites.allSites).toHaveLength(20)
    // Once it has answered, a new refresh asks again.
    fake.api.sitesAll.mockResolvedValue(ok([makeSite(1, { name: 'newest' })]))
    await sites.refresh()
    expect(fake.api.sitesAll).toHaveBeenCalledTimes(2)
    expect(sites.allSites.map((s) => s.name)).toEqual(['newest'])
  })

  it('keeps only the newest of two overlapping page requests', async () => {
    const first = deferred<Result<Page<Site>>>()
    const second = deferred<Result<Page<Site>>>()
    const answers = [first, second]
    installFakeApi({ sitesList: () => answers.shift()!.promise, sitesAll: () => new Promise(() => {}) })
    accountsStore()
    const sites = useSitesStore()
    await settle()
    void sites.loadPage(2)
    second.resolve(ok(pageOf(sitesOfA, 2)))
    await settle()
    first.resolve(ok(pageOf(sitesOfA, 1)))
    await settle()
    expect(sites.allSites.map((s) => s.id)).toEqual([16, 17, 18, 19, 20])
  })

  it('creates a site and reads it back, because the create answer has no tags', async () => {
    const created = makeSite(50, { name: 'New', tags: [] })
    delete created.updates_count
    const stored = makeSite(50, { name: 'New', tags: [makeTag(7, 'VIP')], updates_count: 0 })
    const fake = installFakeApi({
      sitesList: async () => ok(pageOf(sitesOfA, 1)),
      sitesAll: async () => ok(sitesOfA),
      sitesCreate: async () => ok(created),
      sitesGet: async () => ok(stored),
    })
    accountsStore()
    const sites = useSitesStore()
    await settle()
    const result = await sites.create({ name: 'New', url: 'https://new.example.com', tags: [7] })
    expect(fake.api.sitesCreate).toHaveBeenCalledWith({ accountId: 'a', site: { name: 'New', url: 'https://new.example.com', tags: [7] } })
    expect(fake.api.sitesGet).toHaveBeenCalledWith({ accountId: 'a', siteId: 50 })
    expect(result.ok && result.value.tags.map((t) => t.name)).toEqual(['VIP'])
    expect(sites.siteById(50)?.tags).toHaveLength(1)
    expect(sites.total).toBe(21)
  })

  it('removes a site only when the server said yes', async () => {
    const fake = installFakeApi({
      sitesList: async () => ok(pageOf(sitesOfA, 1)),
      sitesAll: async () => ok(sitesOfA),
      sitesDelete: async () => fail({ code: 'server', message: 'The server had a problem (500).' }),
    })
    accountsStore()
    const sites = useSitesStore()
    await settle()
    expect((await sites.remove(3)).ok).toBe(false)
    expect(sites.siteById(3)).toBeDefined()
    fake.api.sitesDelete.mockResolvedValue(ok(undefined))
    expect((await sites.remove(3)).ok).toBe(true)
    expect(sites.siteById(3)).toBeUndefined()
    expect(sites.total).toBe(19)
  })

  it('marks the account refused when the server refuses the token', async () => {
    installFakeApi({
      sitesList: async () => fail({ code: 'unauthorized', message: 'The server refused the token.' }),
      sitesAll: async () => fail({ code: 'unauthorized', message: 'The server refused the token.' }),
    })
    const accounts = accountsStore()
    const sites = useSitesStore()
    await settle()
    expect(accounts.activeAccount?.tokenState).toBe('refused')
    expect(sites.current?.allError?.code).toBe('unauthorized')
  })

  it('shows progress pushed by core while the whole list loads', async () => {
    const all = deferred<Result<Site[]>>()
    const fake = installFakeApi({ sitesList: async () => ok(pageOf(sitesOfA, 1)), sitesAll: () => all.promise })
    accountsStore()
    const sites = useSitesStore()
    const stop = sites.listen()
    await settle()
    fake.emit('sync:progress', { accountId: 'a', what: 'sites', done: 15, total: 20 })
    fake.emit('sync:progress', { accountId: 'b', what: 'sites', done: 1, total: 1 })
    expect(sites.current?.progress).toEqual({ done: 15, total: 20 })
    all.resolve(ok(sitesOfA))
    await settle()
    expect(sites.current?.progress).toBeNull()
    stop()
  })

  it('brings the sites back by itself once a refused token is replaced', async () => {
    const refused = fail({ code: 'unauthorized', message: 'The server refused the token.' })
    const fake = installFakeApi({
      sitesList: async () => refused,
      sitesAll: async () => refused,
      accountsReplaceToken: async ({ accountId }) => ok(makeAccount(accountId)),
    })
    const accounts = accountsStore()
    const sites = useSitesStore()
    await settle()
    expect(accounts.activeAccount?.tokenState).toBe('refused')
    expect(sites.allSites).toHaveLength(0)

    fake.api.sitesList.mockImplementation(async ({ page }) => ok(pageOf(sitesOfA, page ?? 1)))
    fake.api.sitesAll.mockResolvedValue(ok(sitesOfA))
    await accounts.replaceToken('a', 'new-token')
    await settle()
    expect(sites.allSites).toHaveLength(20)
    expect(sites.current?.allError).toBeNull()
  })

  it('takes a site deleted elsewhere out of the lists when reading it says not found', async () => {
    installFakeApi({
      sitesList: async ({ page }) => ok(pageOf(sitesOfA, page ?? 1)),
      sitesAll: async () => ok(sitesOfA),
      sitesGet: async () => fail({ code: 'not_found', message: 'Not found.' }),
    })
    accountsStore()
    const sites = useSitesStore()
    await settle()
    const result = await sites.fetchSite(3)
    expect(result.ok).toBe(false)
    expect(sites.siteById(3)).toBeUndefined()
    expect(sites.allSites.some((s) => s.id === 3)).toBe(false)
    expect(sites.current?.page?.data.some((s) => s.id === 3)).toBe(false)
    expect(sites.current?.page?.meta.total).toBe(19)
  })

  it('does not bring back the cache of an account removed while a request was under way', async () => {
    const read = deferred<Result<Site>>()
    installFakeApi({
      sitesList: async ({ page }) => ok(pageOf(sitesOfA, page ?? 1)),
      sitesAll: async () => ok(sitesOfA),
      sitesGet: () => read.promise,
      accountsRemove: async () => ok(undefined),
      accountsSetActive: async () => ok(undefined),
    })
    const accounts = accountsStore('a')
    const sites = useSitesStore()
    await settle()
    const reading = sites.fetchSite(3)
    await accounts.remove('a')
    await settle()
    expect(sites.byAccount.a).toBeUndefined()
    read.resolve(ok(makeSite(3)))
    await reading
    expect(sites.byAccount.a).toBeUndefined()
  })

  it('keeps the lists raw: replaced whole, never deeply reactive', async () => {
    installFakeApi({ sitesList: async ({ page }) => ok(pageOf(sitesOfA, page ?? 1)), sitesAll: async () => ok(sitesOfA) })
    accountsStore()
    const sites = useSitesStore()
    await settle()
    expect(isReactive(sites.current!.all)).toBe(false)
    expect(isReactive(sites.current!.page)).toBe(false)
    expect(isReactive(sites.allSites[0])).toBe(false)
  })
})

import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { flushPromises } from '@vue/test-utils'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useTagsStore } from '../../../../src/renderer/src/stores/tags'
import { useSitesStore } from '../../../../src/renderer/src/stores/sites'
import type { Result, Tag } from '../../../../src/shared'
import { deferred, fail, installFakeApi, makeAccount, makeSite, makeTag, ok, pageOf } from '../support/fake-api'

function withAccounts(...ids: string[]) {
  const accounts = useAccountsStore()
  accounts.accounts = ids.map((id) => makeAccount(id))
  accounts.activeAccountId = ids[0] ?? null
  return accounts
}

describe('tags store', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it("loads the active account's tags, sorted by name the way people read them", async () => {
    const fake = installFakeApi({
      tagsAll: async () => ok([makeTag(1, 'staging'), makeTag(2, 'Client 10'), makeTag(3, 'client 9')]),
    })
    withAccounts('a')
    const store = useTagsStore()
    await flushPromises()

    expect(fake.api.tagsAll).toHaveBeenCalledWith({ accountId: 'a' })
    expect(store.status).toBe('ready')
    expect(store.tags.map((t) => t.name)).toEqual(['client 9', 'Client 10', 'staging'])
    expect(store.tagById(1)?.name).toBe('staging')
  })

  it('adds a created tag and leaves the list alone when the server refuses the name', async () => {
    const fake = installFakeApi({
      tagsAll: async () => ok([makeTag(1, 'alpha')]),
      tagsCreate: async ({ name }) =>
        name === 'alpha'
          ? fail({ code: 'validation', message: 'The name has already been taken.', status: 422, fields: { name: ['The name has already been taken.'] } })
          : ok(makeTag(2, name)),
    })
    withAccounts('a')
    const store = useTagsStore()
    await flushPromises()

    const created = await store.create('  beta ')
    expect(fake.api.tagsCreate).toHaveBeenCalledWith({ accountId: 'a', name: 'beta' })
    expect(created.ok).toBe(true)
    expect(store.tags.map((t) => t.name)).toEqual(['alpha', 'beta'])

    const duplicate = await store.create('alpha')
    expect(duplicate.ok).toBe(false)
    if (!duplicate.ok) expect(duplicate.error.fields?.name).toEqual(['The name has already been taken.'])
    expect(store.tags.map((t) => t.name)).toEqual(['alpha', 'beta'])
  })

  it('removes a tag only when the server said yes', async () => {
    let answer: Result<void> = fail({ code: 'server', message: 'The server answered 500.', status: 500 })
    installFakeApi({
      tagsAll: async () => ok([makeTag(1, 'alpha'), makeTag(2, 'beta')]),
      tagsDelete: async () => answer,
    })
    withAccounts('a')
    const store = useTagsStore()
    await flushPromises()

    expect((await store.remove(1)).ok).toBe(false)
    expect(store.tags.map((t) => t.id)).toEqual([1, 2])

    answer = ok(undefined)
    expect((await store.remove(1)).ok).toBe(true)
    expect(store.tags.map((t) => t.id)).toEqual([2])
  })

  it('takes a deleted tag off the cached site rows at once, without reloading the sites', async () => {
    const [alpha, beta] = [makeTag(1, 'alpha'), makeTag(2, 'beta')]
    const sites = [makeSite(10, { tags: [alpha, beta] }), makeSite(11, { tags: [alpha] }), makeSite(12)]
    const fake = installFakeApi({
      tagsAll: async () => ok([alpha, beta]),
      tagsDelete: async () => ok(undefined),
      sitesList: async () => ok(pageOf(sites, 1)),
      sitesAll: async () => ok(sites),
      sitesGet: async ({ siteId }) => ok(sites.find((s) => s.id === siteId)!),
    })
    withAccounts('a')
    const store = useTagsStore()
    const siteStore = useSitesStore()
    await flushPromises()
    await siteStore.fetchSite(10)
    expect(siteStore.allSites.map((s) => s.tags.map((t) => t.id))).toEqual([[1, 2], [1], []])

    expect((await store.remove(1)).ok).toBe(true)
    expect(siteStore.allSites.map((s) => s.tags.map((t) => t.id))).toEqual([[2], [], []])
    expect(siteStore.current?.page?.data.map((s) => s.tags.map((t) => t.id))).toEqual([[2], [], []])
    expect(siteStore.siteById(10)?.tags.map((t) => t.id)).toEqual([2])
    expect(fake.api.sitesAll).toHaveBeenCalledTimes(1)
    expect(fake.api.sitesList).toHaveBeenCalledTimes(1)
  })

  it("never shows one account's tags under another's name", async () => {
    const slowA = deferred<Result<Tag[]>>()
    let calls = 0
    installFakeApi({
      tagsAll: ({ accountId }) => {
        calls++
        return accountId === 'a' && calls === 1 ? slowA.promise : Promise.resolve(ok([makeTag(7, `only-${accountId}`)]))
      },
    })
    const accounts = withAccounts('a', 'b')
    const store = useTagsStore()
    accounts.setActive('b')
    await flushPromises()
    slowA.resolve(ok([makeTag(1, 'only-a')]))
    await flushPromises()

    expect(store.tags.map((t) => t.name)).toEqual(['only-b'])
    accounts.setActive('a')
    await flushPromises()
    expect(store.tags.map((t) => t.name)).toEqual(['only-a'])
  })

  it('reports a load failure and marks a refused token on the account', async () => {
    installFakeApi({ tagsAll: async () => fail({ code: 'unauthorized', message: 'The token was refused.', status: 401 }) })
    const accounts = withAccounts('a')
    const store = useTagsStore()
    await flushPromises()

    expect(store.status).toBe('error')
    expect(store.error?.code).toBe('unauthorized')
    expect(accounts.activeAccount?.tokenState).toBe('refused')
  })

  it('brings the tags back by itself once a refused token is replaced', async () => {
    const fake = installFakeApi({
      tagsAll: async () => fail({ code: 'unauthorized', message: 'The server refused the token.' }),
      accountsReplaceToken: async ({ accountId }) => ok(makeAccount(accountId)),
    })
    const accounts = withAccounts('a')
    const store = useTagsStore()
    await flushPromises()
    expect(accounts.activeAccount?.tokenState).toBe('refused')
    fake.api.tagsAll.mockResolvedValue(ok([makeTag(1, 'alpha')]))
    await accounts.replaceToken('a', 'new-token')
    await flushPromises()
    expect(store.status).toBe('ready')
    expect(store.tags.map((t) => t.name)).toEqual(['alpha'])
  })

  it("keeps a valid answer for an account the person left, so coming back is not stuck 'loading'", async () => {
    const slowA = deferred<Result<Tag[]>>()
    installFakeApi({
      tagsAll: ({ accountId }) => (accountId === 'a' ? slowA.promise : Promise.resolve(ok([makeTag(9, 'b-tag')]))),
    })
    const accounts = withAccounts('a', 'b')
    const store = useTagsStore()
    await flushPromises()
    accounts.activeAccountId = 'b'
    await flushPromises()
    slowA.resolve(ok([makeTag(1, 'a-tag')]))
    await flushPromises()
    expect(store.tags.map((t) => t.name)).toEqual(['b-tag'])
    expect(store.byAccount.a?.status).toBe('ready')
    expect(store.byAccount.a?.tags.map((t) => t.name)).toEqual(['a-tag'])
  })

  it('does not bring back the list of an account removed while a create was under way', async () => {
    const creating = deferred<Result<Tag>>()
    installFakeApi({ tagsAll: async () => ok([]), tagsCreate: () => creating.promise })
    const accounts = withAccounts('a', 'b')
    const store = useTagsStore()
    await flushPromises()
    const pending = store.create('new')
    accounts.accounts = [makeAccount('b')]
    accounts.activeAccountId = 'b'
    await flushPromises()
    creating.resolve(ok(makeTag(5, 'new')))
    await pending
    expect(store.byAccount.a).toBeUndefined()
  })
})

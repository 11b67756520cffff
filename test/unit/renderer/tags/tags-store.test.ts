import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { flushPromises } from '@vue/test-utils'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useTagsStore } from '../../../../src/renderer/src/stores/tags'
import type { Account, Result, Tag } from '../../../../src/shared'
import { deferred, fail, installFakeApi, makeTag, ok } from '../events/fake-api'

const account = (id: string): Account => ({
  id,
  label: `Account ${id}`,
  baseUrl: `http://127.0.0.1:9/${id}/v1`,
  kind: 'remote',
  tokenState: 'ok',
  createdAt: '2025-01-01T00:00:00.000Z',
})

function withAccounts(...ids: string[]) {
  const accounts = useAccountsStore()
  accounts.accounts = ids.map(account)
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
})

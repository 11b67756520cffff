import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { SiteManagerApi } from '../../../../src/shared'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { createFakeApi, fail, makeAccount, ok } from '../support/fake-api'
import { storePinia } from '../support/mount'

/** The fake, provided to a fresh Pinia the way the app provides window.api. */
function provideFake(methods: Partial<Omit<SiteManagerApi, 'on'>> = {}) {
  const fake = createFakeApi(methods)
  storePinia(fake)
  return fake
}

describe('accounts store', () => {
  it('loads the accounts and makes the one used last active', async () => {
    provideFake({ accountsList: async () => ok({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'b' }) })
    const store = useAccountsStore()
    await store.load()
    expect(store.status).toBe('ready')
    expect(store.activeAccountId).toBe('b')
    expect(store.activeAccount?.label).toBe('Account b')
  })

  it('falls back to the first account when the last one is gone, and to none without accounts', async () => {
    const fake = provideFake({ accountsList: async () => ok({ accounts: [makeAccount('a')], lastActiveId: 'zzz' }) })
    const store = useAccountsStore()
    await store.load()
    expect(store.activeAccountId).toBe('a')
    fake.api.accountsList.mockResolvedValue(ok({ accounts: [], lastActiveId: null }))
    await store.load()
    expect(store.activeAccountId).toBeNull()
    expect(store.hasAccounts).toBe(false)
  })

  it('switches at once and tells core in the background', async () => {
    const fake = provideFake({
      accountsList: async () => ok({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'a' }),
      accountsSetActive: async () => ok(undefined),
    })
    const store = useAccountsStore()
    await store.load()
    store.setActive('b')
    expect(store.activeAccountId).toBe('b')
    expect(fake.api.accountsSetActive).toHaveBeenCalledWith({ accountId: 'b' })
    store.setActive('unknown')
    expect(store.activeAccountId).toBe('b')
  })

  it('adds an account and makes it active; a refused add changes nothing', async () => {
    const fake = provideFake({
      accountsAdd: async (input) => ok(makeAccount('new', { label: input.label })),
      accountsSetActive: async () => ok(undefined),
    })
    const store = useAccountsStore()
    const result = await store.add({ label: 'Agency', baseUrl: 'https://api.example.com/v1', token: 't' })
    expect(result.ok).toBe(true)
    expect(store.accounts.map((a) => a.label)).toEqual(['Agency'])
    expect(store.activeAccountId).toBe('new')

    fake.api.accountsAdd.mockResolvedValue(fail({ code: 'unauthorized', message: 'The server refused the token.' }))
    const refused = await store.add({ label: 'Other', baseUrl: 'https://x.example/v1', token: 'bad' })
    expect(refused.ok).toBe(false)
    expect(store.accounts).toHaveLength(1)
  })

  it('renames and replaces a token; the token state is what core answers', async () => {
    provideFake({
      accountsList: async () => ok({ accounts: [makeAccount('a', { tokenState: 'refused' })], lastActiveId: 'a' }),
      accountsRename: async ({ label }) => ok(makeAccount('a', { label, tokenState: 'refused' })),
      accountsReplaceToken: async () => ok(makeAccount('a', { label: 'Renamed', tokenState: 'ok' })),
    })
    const store = useAccountsStore()
    await store.load()
    await store.rename('a', 'Renamed')
    expect(store.activeAccount?.label).toBe('Renamed')
    await store.replaceToken('a', 'fresh')
    expect(store.activeAccount?.tokenState).toBe('ok')
    // Core is the only writer of token states: the store has no way to set one itself.
    expect('markRefused' in store).toBe(false)
  })

  it('removes an account only when core said yes, then moves to the next one', async () => {
    const fake = provideFake({
      accountsList: async () => ok({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'a' }),
      accountsRemove: async () => fail({ code: 'keychain_unavailable', message: 'The keychain is locked.' }),
      accountsSetActive: async () => ok(undefined),
    })
    const store = useAccountsStore()
    await store.load()
    expect((await store.remove('a')).ok).toBe(false)
    expect(store.accounts).toHaveLength(2)
    fake.api.accountsRemove.mockResolvedValue(ok(undefined))
    expect((await store.remove('a')).ok).toBe(true)
    expect(store.accounts.map((a) => a.id)).toEqual(['b'])
    expect(store.activeAccountId).toBe('b')
  })

  it('opens the demo workspace as an account', async () => {
    provideFake({
      demoOpen: async () => ok(makeAccount('demo', { kind: 'demo', label: 'Demo' })),
      accountsSetActive: async () => ok(undefined),
    })
    const store = useAccountsStore()
    await store.openDemo()
    expect(store.activeAccount?.kind).toBe('demo')
  })

  it('follows accounts:changed pushes (token states included) and keeps the choice while it exists', async () => {
    const fake = provideFake({
      accountsList: async () => ok({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'b' }),
    })
    const store = useAccountsStore()
    await store.load()
    expect(fake.listenerCount('accounts:changed')).toBe(1)
    fake.emit('accounts:changed', { accounts: [makeAccount('a'), makeAccount('b', { label: 'B!', tokenState: 'refused' })], lastActiveId: 'a' })
    await flushPromises()
    expect(store.activeAccountId).toBe('b')
    expect(store.activeAccount?.label).toBe('B!')
    expect(store.activeAccount?.tokenState).toBe('refused')
    fake.emit('accounts:changed', { accounts: [makeAccount('a')], lastActiveId: 'a' })
    expect(store.activeAccountId).toBe('a')
    store.$dispose()
    expect(fake.listenerCount('accounts:changed')).toBe(0)
  })
})

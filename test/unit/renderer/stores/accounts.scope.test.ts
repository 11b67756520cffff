// The All accounts scope in the accounts store: remembered in prefs, left by choosing an
// account, and only in force while there are two accounts or more.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { SCOPE_PREF_KEY, useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { createFakeApi, makeAccount, ok } from '../support/fake-api'
import { storePinia } from '../support/mount'

function setup(remembered: unknown, ids = ['a', 'b', 'c']) {
  const prefs = new Map<string, unknown>([[SCOPE_PREF_KEY, remembered]])
  const fake = createFakeApi({
    accountsList: async () => ok({ accounts: ids.map((id) => makeAccount(id)), lastActiveId: ids[0] ?? null }),
    accountsSetActive: async () => ok(undefined),
    accountsRemove: async () => ok(undefined),
    prefsGet: async ({ key }) => ok(prefs.get(key) ?? null),
    prefsSet: async ({ key, value }) => {
      prefs.set(key, value)
      return ok(undefined)
    },
  })
  storePinia(fake)
  return { fake, prefs, store: useAccountsStore() }
}

describe('the account scope', () => {
  it('opens in the scope it was left in, and remembers each change in prefs', async () => {
    const { store, prefs } = setup('all')
    await store.load()
    expect(store.scope).toBe('all')
    expect(store.scopeAccounts.map((a) => a.id)).toEqual(['a', 'b', 'c'])
    // The active account stays set for the views that are one account's.
    expect(store.activeAccountId).toBe('a')

    store.setActive('b')
    expect(store.scope).toBe('account')
    expect(store.scopeAccounts.map((a) => a.id)).toEqual(['b'])
    await flushPromises()
    expect(prefs.get(SCOPE_PREF_KEY)).toBe('account')

    store.showAll()
    expect(store.isAllScope).toBe(true)
    await flushPromises()
    expect(prefs.get(SCOPE_PREF_KEY)).toBe('all')
  })

  it('choosing the account already active still leaves the All scope', async () => {
    const { store } = setup('all')
    await store.load()
    store.setActive('a')
    expect(store.scope).toBe('account')
  })

  it('reads an unknown or unreadable remembered scope as one account', async () => {
    const { store } = setup('everything')
    await store.load()
    expect(store.scope).toBe('account')
  })

  it('keeps the All scope while two accounts remain, and falls back to one account below that', async () => {
    const { store, fake } = setup('all')
    await store.load()
    await store.remove('a')
    // The active account was removed: another becomes active, the scope stays All.
    expect(store.activeAccountId).toBe('b')
    expect(store.isAllScope).toBe(true)
    expect(store.scopeAccounts.map((a) => a.id)).toEqual(['b', 'c'])
    await store.remove('c')
    expect(store.isAllScope).toBe(false)
    expect(store.canShowAll).toBe(false)
    expect(store.scopeAccounts.map((a) => a.id)).toEqual(['b'])
    expect(fake.api.accountsRemove).toHaveBeenCalledTimes(2)
    // With one account "All accounts" cannot be chosen at all.
    store.showAll()
    expect(store.isAllScope).toBe(false)
  })
})

// Saved views belong to the scope they were saved in: one list per account, and one of the
// All accounts scope's own, whose queries name rows and tags of every account.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useSavedViewsStore } from '../../../../src/renderer/src/stores/saved-views'
import { fromQuery } from '../../../../src/renderer/src/lib/sites-view-state'
import { createFakeApi, makeAccount, ok } from '../support/fake-api'
import { storePinia } from '../support/mount'

function setup() {
  const prefs = new Map<string, unknown>()
  const fake = createFakeApi({
    accountsList: async () => ok({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'a' }),
    accountsSetActive: async () => ok(undefined),
    prefsGet: async ({ key }) => ok(prefs.get(key) ?? null),
    prefsSet: async ({ key, value }) => {
      prefs.set(key, value)
      return ok(undefined)
    },
  })
  storePinia(fake)
  return { prefs, accounts: useAccountsStore(), views: useSavedViewsStore() }
}

describe('saved views per scope', () => {
  it('keeps the All accounts scope’s views apart from the active account’s', async () => {
    const { prefs, accounts, views } = setup()
    await accounts.load()
    await flushPromises()
    expect((await views.save('Shop updates', fromQuery({ updates: '1' }))).ok).toBe(true)
    expect(views.views.map((v) => v.name)).toEqual(['Shop updates'])

    accounts.showAll()
    await flushPromises()
    expect(views.listKey).toBe('all')
    expect(views.views).toEqual([])
    expect((await views.save('Everywhere down', fromQuery({ status: 'Down' }))).ok).toBe(true)

    expect((prefs.get('sites.savedViews.all') as { views: { name: string }[] }).views.map((v) => v.name)).toEqual(['Everywhere down'])
    expect((prefs.get('sites.savedViews:a') as { views: { name: string }[] }).views.map((v) => v.name)).toEqual(['Shop updates'])

    accounts.setActive('a')
    await flushPromises()
    expect(views.views.map((v) => v.name)).toEqual(['Shop updates'])
  })

  it("reads a view saved before tags were keys (tag=7) as that tag of its account, and matches it with the keyed address", async () => {
    const { prefs, accounts, views } = setup()
    prefs.set('sites.savedViews:a', { views: [{ id: 'v1', name: 'VIP', query: { tag: '7', sort: 'name' } }] })
    await accounts.load()
    await flushPromises()
    expect(views.views.map((v) => v.query)).toEqual([{ tag: 'a:7', sort: 'name' }])
    expect(views.matching({ tag: 'a:7' })?.name).toBe('VIP')
    expect(views.matching({ tag: '7' })?.name).toBe('VIP')
    expect(views.matching({ tag: 'b:7' })).toBeNull()
  })

  it('puts an undone delete back in the list it was deleted from, whatever the scope is now', async () => {
    const { prefs, accounts, views } = setup()
    await accounts.load()
    accounts.showAll()
    await flushPromises()
    await views.save('Everywhere down', fromQuery({ status: 'Down' }))
    const removed = await views.remove(views.views[0]!.id)
    expect(removed.ok).toBe(true)
    if (!removed.ok) return
    accounts.setActive('a')
    await flushPromises()
    expect((await views.restore(removed.value.view, removed.value.index, removed.value.listKey)).ok).toBe(true)
    expect(views.views).toEqual([])
    expect((prefs.get('sites.savedViews.all') as { views: { name: string }[] }).views.map((v) => v.name)).toEqual(['Everywhere down'])
  })
})

// Every account's pending updates: nothing read until counting is asked for, then the summary of
// every account, and again when core says an account's sites changed.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { usePendingTotalsStore } from '../../../../src/renderer/src/stores/pending-totals'
import { useWorkspaceStore } from '../../../../src/renderer/src/stores/workspace'
import { createFakeApi, makeAccount, makeSite, memoryCore } from '../support/fake-api'
import { storePinia } from '../support/mount'

function setup(accounts = [makeAccount('a'), makeAccount('b')]) {
  const core = memoryCore({ a: { sites: [makeSite(1, { updates_count: 3 })] }, b: { sites: [makeSite(1, { updates_count: 2 })] } })
  const fake = createFakeApi(core.methods)
  storePinia(fake)
  useAccountsStore().applyState({ accounts, lastActiveId: 'a' })
  return { core, fake, pending: usePendingTotalsStore() }
}

describe('pending totals store', () => {
  it('reads nothing until asked, then every account, and again after a change of sites', async () => {
    const { core, fake, pending } = setup()
    fake.emit('workspace:changed', { accountId: 'b', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(fake.api.workspaceScope).not.toHaveBeenCalled()

    pending.follow()
    await flushPromises()
    expect(fake.api.workspaceScope).toHaveBeenCalledWith({ scope: ['a', 'b'] })
    expect(pending.total).toBe(5)

    core.data.b!.sites = [makeSite(1, { updates_count: 0 })]
    fake.emit('workspace:changed', { accountId: 'b', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(pending.totals).toEqual({ a: 3, b: 0 })
  })

  it('takes the totals from the summary the window reads when its scope is every account: one read, not two', async () => {
    const { core, fake, pending } = setup([makeAccount('a')])
    useWorkspaceStore()
    pending.follow()
    await flushPromises()
    expect(fake.api.workspaceScope).toHaveBeenCalledTimes(1)
    expect(pending.total).toBe(3)

    core.data.a!.sites = [makeSite(1, { updates_count: 1 })]
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(fake.api.workspaceScope).toHaveBeenCalledTimes(2)
    expect(pending.totals).toEqual({ a: 1 })
  })

  it('reads every account itself once the window shows one account of several', async () => {
    const { fake, pending } = setup()
    useAccountsStore().showAll()
    pending.follow()
    await flushPromises()
    expect(fake.api.workspaceScope).toHaveBeenCalledTimes(1)
    expect(pending.total).toBe(5)

    useAccountsStore().setActive('b')
    await flushPromises()
    expect(fake.api.workspaceScope).toHaveBeenCalledWith({ scope: ['a', 'b'] })
    expect(fake.api.workspaceScope).toHaveBeenLastCalledWith({ scope: ['a', 'b'] })
    expect(pending.total).toBe(5)
  })
})

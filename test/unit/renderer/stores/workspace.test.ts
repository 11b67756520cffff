// The workspace layer: per-account snapshots read from core's local store, re-read on
// 'workspace:changed', single-flight, answers for accounts left behind dropped, and local
// changes (create, delete) shown at once without being undone by an older read.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { Result, WorkspaceSnapshot } from '../../../../src/shared'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useSitesStore } from '../../../../src/renderer/src/stores/sites'
import { useSyncStore } from '../../../../src/renderer/src/stores/sync'
import { useTagsStore } from '../../../../src/renderer/src/stores/tags'
import { useWorkspaceStore } from '../../../../src/renderer/src/stores/workspace'
import { createFakeApi, deferred, makeAccount, makeSite, makeTag, memoryCore, ok, syncState } from '../support/fake-api'
import { storePinia } from '../support/mount'

const VIP = makeTag(7, 'VIP')
const AGENCY = makeTag(3, 'agency')

function setup(accounts = { a: { sites: [makeSite(1, { name: 'Shop', tags: [VIP] }), makeSite(2, { name: 'Blog' })], tags: [VIP, AGENCY] }, b: { sites: [makeSite(9, { name: 'Bravo' })] } }) {
  const core = memoryCore(accounts)
  const fake = createFakeApi(core.methods)
  storePinia(fake)
  const accountsStore = useAccountsStore()
  accountsStore.applyState({ accounts: Object.keys(accounts).map((id) => makeAccount(id)), lastActiveId: 'a' })
  return { core, fake, accounts: accountsStore, workspace: useWorkspaceStore(), sites: useSitesStore(), tags: useTagsStore(), sync: useSyncStore() }
}

const names = (list: readonly { name: string }[]) => list.map((x) => x.name)

describe('workspace store', () => {
  it("reads the active account's snapshot at once, indexed, with its sync state", async () => {
    const { fake, sites, tags, sync } = setup()
    await flushPromises()
    expect(fake.api.workspaceSnapshot).toHaveBeenCalledWith({ accountId: 'a' })
    expect(names(sites.sites)).toEqual(['Shop', 'Blog'])
    expect(sites.siteById(2)?.name).toBe('Blog')
    expect(sites.searchKeys.get(1)).toContain('vip')
    // Tags by name, whatever order the store gave them in.
    expect(names(tags.tags)).toEqual(['agency', 'VIP'])
    expect(sync.active?.lastSyncedAt).toBe(syncState('a').lastSyncedAt)
    // Nothing went to the network: no sync was asked for.
    expect(fake.api.syncNow).not.toHaveBeenCalled()
  })

  it('reads again on workspace:changed, once for a burst, and the last read is what shows', async () => {
    const { core, fake, sites } = setup()
    await flushPromises()
    const held = deferred<Result<WorkspaceSnapshot>>()
    const answer = core.methods.workspaceSnapshot!
    fake.api.workspaceSnapshot.mockImplementationOnce(() => held.promise)

    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    core.data.a!.sites.push(makeSite(3, { name: 'Docs' }))
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    expect(fake.api.workspaceSnapshot).toHaveBeenCalledTimes(2)

    // The held read predates the change; one more read follows it, not one per push.
    held.resolve(await answer({ accountId: 'a' }))
    await flushPromises()
    expect(fake.api.workspaceSnapshot).toHaveBeenCalledTimes(3)
    expect(names(sites.sites)).toEqual(['Shop', 'Blog', 'Docs'])
  })

  it('does not read again when only events changed, nor for an account that is not active', async () => {
    const { fake } = setup()
    await flushPromises()
    fake.emit('workspace:changed', { accountId: 'a', sites: false, tags: false, events: true, changes: null })
    fake.emit('workspace:changed', { accountId: 'b', sites: true, tags: true, events: false, changes: null })
    await flushPromises()
    expect(fake.api.workspaceSnapshot).toHaveBeenCalledTimes(1)
  })

  it("drops an answer for an account the person has left, and shows the new one's", async () => {
    const { core, fake, accounts, sites } = setup()
    await flushPromises()
    const late = deferred<Result<WorkspaceSnapshot>>()
    fake.api.workspaceSnapshot.mockImplementationOnce(() => late.promise)
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })

    accounts.setActive('b')
    await flushPromises()
    expect(names(sites.sites)).toEqual(['Bravo'])

    late.resolve(ok({ accountId: 'a', sites: [makeSite(5, { name: 'Late' })], tags: [], sync: core.data.a!.sync, eventCount: 0 }))
    await flushPromises()
    expect(names(sites.sites)).toEqual(['Bravo'])
    // Switching back shows what was known at once and reads again.
    accounts.setActive('a')
    expect(names(sites.sites)).toEqual(['Shop', 'Blog'])
    await flushPromises()
    expect(fake.api.workspaceSnapshot).toHaveBeenLastCalledWith({ accountId: 'a' })
  })

  it('shows a created site at once; a read that started before the create does not take it away', async () => {
    const { core, fake, sites } = setup()
    await flushPromises()
    const before = await core.methods.workspaceSnapshot!({ accountId: 'a' })
    const stale = deferred<Result<WorkspaceSnapshot>>()
    fake.api.workspaceSnapshot.mockImplementationOnce(() => stale.promise)
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })

    const created = await sites.create({ name: 'New', url: 'https://new.example' })
    expect(created.ok).toBe(true)
    expect(names(sites.sites)).toEqual(['Shop', 'Blog', 'New'])

    // The read from before the create answers without it: not taken, read again instead.
    stale.resolve(before)
    await flushPromises()
    expect(names(sites.sites)).toEqual(['Shop', 'Blog', 'New'])
    expect(fake.api.workspaceSnapshot).toHaveBeenCalledTimes(3)
  })

  it('takes a deleted site out at once and keeps it out when core pushes the change', async () => {
    const { fake, sites } = setup()
    await flushPromises()
    expect((await sites.remove(1)).ok).toBe(true)
    expect(fake.api.sitesDelete).toHaveBeenCalledWith({ accountId: 'a', siteId: 1 })
    expect(names(sites.sites)).toEqual(['Blog'])
    expect(sites.siteById(1)).toBeUndefined()
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(names(sites.sites)).toEqual(['Blog'])
  })

  it('takes a deleted tag off the list and off the sites that carried it', async () => {
    const { sites, tags } = setup()
    await flushPromises()
    expect((await tags.remove(VIP.id)).ok).toBe(true)
    expect(names(tags.tags)).toEqual(['agency'])
    expect(sites.siteById(1)?.tags).toEqual([])
    expect(sites.searchKeys.get(1)).not.toContain('vip')
  })

  it('keeps a pushed sync state over the older one a snapshot read carried', async () => {
    const { core, fake, sync } = setup()
    await flushPromises()
    const held = deferred<Result<WorkspaceSnapshot>>()
    fake.api.workspaceSnapshot.mockImplementationOnce(() => held.promise)
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    fake.emit('sync:state', syncState('a', { status: 'syncing', progress: { done: 2, total: 9 } }))
    held.resolve(ok({ accountId: 'a', sites: core.data.a!.sites, tags: [], sync: syncState('a'), eventCount: 0 }))
    await flushPromises()
    expect(sync.active?.status).toBe('syncing')
    expect(sync.active?.progress).toEqual({ done: 2, total: 9 })
  })

  it("forgets a removed account's snapshot", async () => {
    const { accounts, workspace } = setup()
    await flushPromises()
    expect(Object.keys(workspace.byAccount)).toEqual(['a'])
    accounts.applyState({ accounts: [makeAccount('b')], lastActiveId: 'b' })
    await flushPromises()
    expect(Object.keys(workspace.byAccount)).toEqual(['b'])
  })
})

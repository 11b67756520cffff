// The workspace store: the scope's summary read from core's store at once (no network, no list
// of sites), its stored sync state shown from the start, read again once per burst of changes
// to an account of the scope (and not for other accounts), an answer for a scope left behind
// dropped, and the All accounts scope summarised in one read.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { Result } from '../../../../src/shared'
import type { ScopeSummary } from '../../../../src/shared/sites-query'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useSyncStore } from '../../../../src/renderer/src/stores/sync'
import { useTagsStore } from '../../../../src/renderer/src/stores/tags'
import { useWorkspaceStore } from '../../../../src/renderer/src/stores/workspace'
import { createFakeApi, deferred, makeAccount, makeSite, makeTag, memoryCore, syncState } from '../support/fake-api'
import { storePinia } from '../support/mount'

const VIP = makeTag(7, 'VIP')
const AGENCY = makeTag(3, 'agency')

function setup() {
  const core = memoryCore({
    a: { sites: [makeSite(1, { name: 'Shop', tags: [VIP], updates_count: 2 }), makeSite(2, { name: 'Blog' })], tags: [VIP, AGENCY] },
    b: { sites: [makeSite(9, { name: 'Bravo' })], sync: syncState('b', { lastSyncedAt: null, status: 'idle' }) },
  })
  const fake = createFakeApi(core.methods)
  storePinia(fake)
  const accounts = useAccountsStore()
  accounts.applyState({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'a' })
  return { core, fake, accounts, workspace: useWorkspaceStore(), tags: useTagsStore(), sync: useSyncStore() }
}

const changed = (accountId: string, what: Partial<{ sites: boolean; tags: boolean; events: boolean }> = { sites: true }) => ({
  accountId,
  sites: false,
  tags: false,
  events: false,
  changes: null,
  ...what,
})

describe('workspace store', () => {
  it("reads the scope's summary at once: counts, tags with their counts and the stored sync state", async () => {
    const { fake, workspace, tags, sync } = setup()
    await flushPromises()
    expect(fake.api.workspaceScope).toHaveBeenCalledWith({ scope: ['a'] })
    expect(fake.api.sitesQuery).not.toHaveBeenCalled()
    expect(fake.api.syncNow).not.toHaveBeenCalled()
    const a = workspace.scopeAccount('a')!
    expect(a).toMatchObject({ siteCount: 2, pendingUpdates: 2 })
    // Tags by name, each with how many sites carry it.
    expect(tags.tags.map((t) => [t.name, t.siteCount])).toEqual([
      ['agency', 0],
      ['VIP', 1],
    ])
    // The stored sync state shows from the start: no "Never synced" for a synced account.
    expect(sync.active?.lastSyncedAt).toBe(syncState('a').lastSyncedAt)
  })

  it('reads again once for a burst of changes to an account of the scope, and never for another account', async () => {
    const { core, fake, workspace } = setup()
    await flushPromises()
    fake.api.workspaceScope.mockClear()
    fake.emit('workspace:changed', changed('b'))
    await flushPromises()
    expect(fake.api.workspaceScope).not.toHaveBeenCalled()

    const held = deferred<Result<ScopeSummary>>()
    const answer = fake.api.workspaceScope.getMockImplementation()!
    fake.api.workspaceScope.mockImplementationOnce(() => held.promise)
    fake.emit('workspace:changed', changed('a'))
    core.data.a!.sites.push(makeSite(3, { name: 'Docs' }))
    fake.emit('workspace:changed', changed('a'))
    fake.emit('workspace:changed', changed('a', { events: true }))
    expect(fake.api.workspaceScope).toHaveBeenCalledTimes(1)
    // The held read predates the change; one more read follows it, not one per push.
    held.resolve(await answer({ scope: ['a'] }))
    await flushPromises()
    expect(fake.api.workspaceScope).toHaveBeenCalledTimes(2)
    expect(workspace.scopeAccount('a')?.siteCount).toBe(3)
  })

  it('does not read again for a change to events alone: nothing of the summary it shows counts them', async () => {
    const { fake, accounts } = setup()
    await flushPromises()
    fake.api.workspaceScope.mockClear()
    // One account, then All accounts: the backfill of every account pushes these once a second.
    fake.emit('workspace:changed', changed('a', { events: true }))
    await flushPromises()
    accounts.showAll()
    await flushPromises()
    fake.api.workspaceScope.mockClear()
    fake.emit('workspace:changed', changed('a', { events: true }))
    fake.emit('workspace:changed', changed('b', { events: true }))
    await flushPromises()
    expect(fake.api.workspaceScope).not.toHaveBeenCalled()
    // Sites or tags still do.
    fake.emit('workspace:changed', changed('b', { tags: true, events: true }))
    await flushPromises()
    expect(fake.api.workspaceScope.mock.calls.map(([input]) => input)).toEqual([{ scope: ['b'] }])
  })

  it('drops the answer for a scope the person has left', async () => {
    const { fake, accounts, workspace } = setup()
    await flushPromises()
    const held = deferred<Result<ScopeSummary>>()
    const answer = fake.api.workspaceScope.getMockImplementation()!
    fake.api.workspaceScope.mockImplementationOnce(() => held.promise)
    fake.emit('workspace:changed', changed('a'))
    accounts.setActive('b')
    await flushPromises()
    expect(workspace.scopeIds).toEqual(['b'])
    expect(workspace.scopeAccount('b')?.siteCount).toBe(1)
    held.resolve(await answer({ scope: ['a'] }))
    await flushPromises()
    expect(workspace.scopeSummary?.accounts.map((a) => a.accountId)).toEqual(['b'])
    expect(workspace.scopeAccount('a')).toBeNull()
  })

  it('summarises the All accounts scope in one read, each account with its own stored sync state', async () => {
    const { fake, accounts, workspace, sync } = setup()
    await flushPromises()
    fake.api.workspaceScope.mockClear()
    accounts.showAll()
    await flushPromises()
    expect(fake.api.workspaceScope).toHaveBeenCalledTimes(1)
    expect(fake.api.workspaceScope).toHaveBeenCalledWith({ scope: ['a', 'b'] })
    expect(workspace.scopeSummary?.accounts.map((a) => [a.accountId, a.siteCount])).toEqual([
      ['a', 2],
      ['b', 1],
    ])
    expect(sync.stateOf('b')?.lastSyncedAt).toBeNull()
    expect(sync.stateOf('a')?.lastSyncedAt).toBe(syncState('a').lastSyncedAt)
  })

  it("in a scope of several accounts reads only the changed account's summary and puts it in place", async () => {
    const { core, fake, accounts, workspace } = setup()
    accounts.showAll()
    await flushPromises()
    const before = workspace.scopeAccount('a')
    fake.api.workspaceScope.mockClear()
    core.data.b!.sites.push(makeSite(10, { name: 'Charlie' }))
    fake.emit('workspace:changed', changed('b'))
    fake.emit('workspace:changed', changed('b'))
    await flushPromises()
    // One read, and one more for the push that came while it ran: each of that account alone.
    expect(fake.api.workspaceScope.mock.calls.map(([input]) => input)).toEqual([{ scope: ['b'] }, { scope: ['b'] }])
    expect(workspace.scopeSummary?.accounts.map((a) => [a.accountId, a.siteCount])).toEqual([
      ['a', 2],
      ['b', 2],
    ])
    // The other account's summary is the same object: nothing else was read or redrawn.
    expect(workspace.scopeAccount('a')).toBe(before)
  })

  it("never puts an older answer for an account in place of a newer one", async () => {
    const { core, fake, accounts, workspace } = setup()
    accounts.showAll()
    await flushPromises()
    const held = deferred<Result<ScopeSummary>>()
    const answer = fake.api.workspaceScope.getMockImplementation()!
    fake.api.workspaceScope.mockImplementationOnce(() => held.promise)
    fake.emit('workspace:changed', changed('b'))
    // The account's read is held; meanwhile it changes again and the whole scope is read.
    const older = await answer({ scope: ['b'] })
    core.data.b!.sites.push(makeSite(10, { name: 'Charlie' }))
    await workspace.loadSummary()
    expect(workspace.scopeAccount('b')?.siteCount).toBe(2)
    held.resolve(older)
    await flushPromises()
    expect(workspace.scopeAccount('b')?.siteCount).toBe(2)
  })
})

import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { Result, SyncState } from '../../../../src/shared'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useSyncStore } from '../../../../src/renderer/src/stores/sync'
import { createFakeApi, deferred, makeAccount, ok, syncState } from '../support/fake-api'
import { storePinia } from '../support/mount'

function setup(methods: Parameters<typeof createFakeApi>[0] = {}) {
  const fake = createFakeApi(methods)
  storePinia(fake)
  const accounts = useAccountsStore()
  accounts.applyState({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'a' })
  return { fake, accounts, sync: useSyncStore() }
}

const offline = { code: 'network', message: 'Could not connect to api.example.com.' } as const

describe('sync store', () => {
  it('shows a Refresh as syncing at once and takes the state it ended in', async () => {
    const answer = deferred<Result<SyncState>>()
    const { fake, sync } = setup({ syncNow: () => answer.promise })
    const done = sync.syncNow()
    expect(fake.api.syncNow).toHaveBeenCalledWith({ accountId: 'a' })
    expect(sync.activeSyncing).toBe(true)
    answer.resolve(ok(syncState('a', { lastSyncedAt: '2025-03-02T08:00:00.000Z' })))
    await done
    expect(sync.activeSyncing).toBe(false)
    expect(sync.active?.lastSyncedAt).toBe('2025-03-02T08:00:00.000Z')
  })

  it("follows 'sync:state' pushes and keeps a failure while the retry runs, until one completes", () => {
    const { fake, sync } = setup()
    fake.emit('sync:state', syncState('a', { status: 'failed', error: offline }))
    expect(sync.activeFailure?.code).toBe('network')
    fake.emit('sync:state', syncState('a', { status: 'syncing', progress: { done: 240, total: 667 } }))
    expect(sync.active?.progress).toEqual({ done: 240, total: 667 })
    expect(sync.activeFailure?.code).toBe('network')
    fake.emit('sync:state', syncState('a'))
    expect(sync.activeFailure).toBeNull()
    // Another account's state is kept under its own name.
    fake.emit('sync:state', syncState('b', { status: 'syncing' }))
    expect(sync.isSyncing('b')).toBe(true)
    expect(sync.activeSyncing).toBe(false)
    // An unknown account's state has nowhere to go.
    fake.emit('sync:state', syncState('zzz', { status: 'syncing' }))
    expect(sync.stateOf('zzz')).toBeNull()
  })

  it('reads every account state for Settings, without overwriting a newer push', async () => {
    const held = deferred<Result<SyncState[]>>()
    const { fake, sync } = setup({ syncStates: () => held.promise })
    const loading = sync.loadAll()
    fake.emit('sync:state', syncState('b', { status: 'syncing' }))
    held.resolve(ok([syncState('a', { status: 'failed', error: offline }), syncState('b')]))
    await loading
    expect(sync.stateOf('a')?.status).toBe('failed')
    expect(sync.stateOf('b')?.status).toBe('syncing')
  })

  it("syncs when the active account's token works again", async () => {
    const { fake, accounts } = setup({ syncNow: async ({ accountId }) => ok(syncState(accountId)) })
    useSyncStore()
    fake.emit('accounts:changed', { accounts: [makeAccount('a', { tokenState: 'refused' }), makeAccount('b')], lastActiveId: 'a' })
    await flushPromises()
    expect(fake.api.syncNow).not.toHaveBeenCalled()
    fake.emit('accounts:changed', { accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'a' })
    await flushPromises()
    expect(accounts.activeAccount?.tokenState).toBe('ok')
    expect(fake.api.syncNow).toHaveBeenCalledWith({ accountId: 'a' })
  })

  it("forgets a removed account's state", () => {
    const { fake, accounts, sync } = setup()
    fake.emit('sync:state', syncState('b', { status: 'failed', error: offline }))
    accounts.applyState({ accounts: [makeAccount('a')], lastActiveId: 'a' })
    return flushPromises().then(() => {
      expect(sync.stateOf('b')).toBeNull()
      expect(sync.failureOf('b')).toBeNull()
    })
  })
})

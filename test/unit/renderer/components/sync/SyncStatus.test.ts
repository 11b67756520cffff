// The sync line says what is known: nothing while an account's stored state has not been read
// (a synced account never reads "Never synced" while the window opens), "Never synced" only for
// an account whose state says so, and for a scope the oldest sync once every account's is known.
import { afterEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { screen } from '@testing-library/dom'
import SyncStatus from '../../../../../src/renderer/src/components/sync/SyncStatus.vue'
import { useAccountsStore } from '../../../../../src/renderer/src/stores/accounts'
import { useSyncStore } from '../../../../../src/renderer/src/stores/sync'
import { createFakeApi, makeAccount, syncState } from '../../support/fake-api'
import { mountInBody, storePinia, unmountAll } from '../../support/mount'

afterEach(unmountAll)

function setup(scope: 'one' | 'all') {
  const fake = createFakeApi()
  const pinia = storePinia(fake)
  const accounts = useAccountsStore()
  accounts.applyState({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'a' })
  if (scope === 'all') accounts.showAll()
  expect(accounts.scopeAccounts.map((a) => a.id)).toEqual(scope === 'all' ? ['a', 'b'] : ['a'])
  const sync = useSyncStore()
  mountInBody(SyncStatus, { props: { scope: scope === 'all' }, global: { plugins: [fake.plugin, pinia] } })
  return { sync, text: () => screen.getByTestId('sync-status').textContent?.trim() }
}

const AN_HOUR_AGO = () => new Date(Date.now() - 3_600_000).toISOString()

describe('SyncStatus', () => {
  it('says nothing until the account’s stored state is read, then what it says', async () => {
    const { sync, text } = setup('one')
    expect(text()).toBe('')
    sync.readMark('a')(syncState('a', { lastSyncedAt: AN_HOUR_AGO() }))
    await nextTick()
    expect(text()).toMatch(/^Synced .*ago$/)
  })

  it('says "Never synced" for an account whose state says it never was', async () => {
    const { sync, text } = setup('one')
    sync.readMark('a')(syncState('a', { lastSyncedAt: null }))
    await nextTick()
    expect(text()).toBe('Never synced')
  })

  it('speaks for a scope only once every account’s state is known', async () => {
    const { sync, text } = setup('all')
    sync.readMark('a')(syncState('a', { lastSyncedAt: AN_HOUR_AGO() }))
    await nextTick()
    // b not read yet: not "Not every account synced yet".
    expect(text()).toBe('')
    sync.readMark('b')(syncState('b', { lastSyncedAt: AN_HOUR_AGO() }))
    await nextTick()
    expect(text()).toMatch(/^Synced .*ago$/)
  })
})

// The 90-day trend of the scope while the Overview's trends section follows it: read when
// followed, again quietly after a sync changed the sites of an account of the scope, and not
// at all while nothing follows it.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { HistoryTrendDay } from '../../../../src/shared'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useHistoryTrendStore } from '../../../../src/renderer/src/stores/history-trend'
import { createFakeApi, makeAccount, ok } from '../support/fake-api'
import { storePinia } from '../support/mount'

const DAY: HistoryTrendDay = { day: '2026-11-01', pending: 12, sites: 3, php: { '8.2': 3 } }
const sitesChanged = (accountId: string) => ({ accountId, sites: true, tags: false, events: false, changes: null })

describe('history trend store', () => {
  it('reads the scope while followed, and nothing once no view follows', async () => {
    const fake = createFakeApi({ historyTrend: async () => ok([DAY]) })
    storePinia(fake)
    useAccountsStore().applyState({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'a' })
    const trend = useHistoryTrendStore()
    fake.emit('workspace:changed', sitesChanged('a'))
    await flushPromises()
    expect(fake.api.historyTrend).not.toHaveBeenCalled()

    trend.follow()
    await flushPromises()
    expect(fake.api.historyTrend).toHaveBeenCalledWith({ scope: ['a'], days: 90 })
    expect(trend.days).toEqual([DAY])
    expect(trend.status).toBe('ready')
    fake.emit('workspace:changed', sitesChanged('b'))
    fake.emit('workspace:changed', sitesChanged('a'))
    await flushPromises()
    expect(fake.api.historyTrend).toHaveBeenCalledTimes(2)

    trend.unfollow()
    fake.emit('workspace:changed', sitesChanged('a'))
    useAccountsStore().showAll()
    await flushPromises()
    expect(fake.api.historyTrend).toHaveBeenCalledTimes(2)
  })
})

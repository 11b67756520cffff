// The Overview's figures: one 'overview:stats' over the scope while a view follows them, asked
// again (quietly, keeping what is shown if it fails) when a sync changed the sites of an account
// of the scope, an answer for a scope left behind dropped, and nothing read while no view follows.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { OverviewStats, Result } from '../../../../src/shared'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useOverviewStatsStore } from '../../../../src/renderer/src/stores/overview-stats'
import { createFakeApi, deferred, fail, makeAccount, makeSite, memoryCore } from '../support/fake-api'
import { storePinia } from '../support/mount'

async function setup() {
  const core = memoryCore({
    a: { sites: [makeSite(1, { updates_count: 2 }), makeSite(2, { updates_count: 0 })] },
    b: { sites: [makeSite(1, { updates_count: 5 })] },
  })
  const fake = createFakeApi(core.methods)
  storePinia(fake)
  const accounts = useAccountsStore()
  accounts.applyState({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'a' })
  const stats = useOverviewStatsStore()
  stats.follow()
  await flushPromises()
  return { core, fake, accounts, stats }
}

describe('overview stats store', () => {
  it("holds core's figures of the scope, and asks again over the new scope", async () => {
    const { fake, accounts, stats } = await setup()
    expect(fake.api.overviewStats).toHaveBeenCalledWith({ scope: ['a'] })
    expect(stats.status).toBe('ready')
    expect(stats.stats?.totals).toMatchObject({ sites: 2, pendingUpdates: 2 })
    accounts.showAll()
    await flushPromises()
    expect(fake.api.overviewStats).toHaveBeenLastCalledWith({ scope: ['a', 'b'] })
    expect(stats.stats?.totals).toMatchObject({ sites: 3, pendingUpdates: 7 })
    expect(stats.stats?.pending.map((p) => p.key)).toEqual(['b:1', 'a:1'])
  })

  it('drops an answer for a scope left behind', async () => {
    const { fake, accounts, stats } = await setup()
    const late = deferred<Result<OverviewStats>>()
    fake.api.overviewStats.mockImplementationOnce(() => late.promise)
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    accounts.showAll()
    await flushPromises()
    late.resolve({ ok: true, value: { totals: { sites: 99, withUpdates: 0, pendingUpdates: 0, neverChecked: 0, stale: 0 }, pending: [], versions: { php: [], mysql: [], web: [] } } })
    await flushPromises()
    expect(stats.stats?.totals.sites).toBe(3)
  })

  it('drops a read overtaken by a later one of the same scope', async () => {
    const { core, fake, stats } = await setup()
    const late = deferred<Result<OverviewStats>>()
    fake.api.overviewStats.mockImplementationOnce(() => late.promise)
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    core.data.a!.sites.push(makeSite(3, { updates_count: 1 }))
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    late.resolve({ ok: true, value: { totals: { sites: 99, withUpdates: 0, pendingUpdates: 0, neverChecked: 0, stale: 0 }, pending: [], versions: { php: [], mysql: [], web: [] } } })
    await flushPromises()
    expect(stats.stats?.totals.sites).toBe(3)
  })

  it('keeps the figures shown when a quiet read after a sync fails, and reads only for its own accounts', async () => {
    const { core, fake, stats } = await setup()
    fake.emit('workspace:changed', { accountId: 'b', sites: true, tags: false, events: false, changes: null })
    fake.emit('workspace:changed', { accountId: 'a', sites: false, tags: false, events: true, changes: null })
    await flushPromises()
    expect(fake.api.overviewStats).toHaveBeenCalledTimes(1)

    fake.api.overviewStats.mockResolvedValueOnce(fail({ code: 'internal', message: 'The store is busy.' }))
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(stats.status).toBe('ready')
    expect(stats.stats?.totals.sites).toBe(2)

    core.data.a!.sites.push(makeSite(3, { updates_count: 1 }))
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(stats.stats?.totals).toMatchObject({ sites: 3, pendingUpdates: 3 })
  })

  it('reads nothing while no view follows, and afresh when one follows again', async () => {
    const { core, fake, stats } = await setup()
    stats.unfollow()
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    fake.emit('health:changed', { accountIds: ['a'] })
    await flushPromises()
    expect(fake.api.overviewStats).toHaveBeenCalledTimes(1)

    core.data.a!.sites.push(makeSite(3, { updates_count: 1 }))
    stats.follow()
    expect(stats.stats).toBeNull()
    expect(stats.status).toBe('loading')
    await flushPromises()
    expect(stats.stats?.totals.sites).toBe(3)
  })
})

// The Overview's figures: one 'overview:stats' over the scope, asked again (quietly, keeping
// what is shown if it fails) when a sync changed the sites of an account of the scope, and an
// answer for a scope left behind dropped.
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { defineComponent, h } from 'vue'
import type { OverviewStats, Result } from '../../../../../src/shared'
import { useOverviewStats } from '../../../../../src/renderer/src/components/overview/useOverviewStats'
import { useAccountsStore } from '../../../../../src/renderer/src/stores/accounts'
import { createFakeApi, deferred, fail, makeAccount, makeSite, memoryCore } from '../../support/fake-api'
import { mountInBody, testingPinia, unmountAll } from '../../support/mount'

afterEach(unmountAll)

async function setup() {
  const core = memoryCore({
    a: { sites: [makeSite(1, { updates_count: 2 }), makeSite(2, { updates_count: 0 })] },
    b: { sites: [makeSite(1, { updates_count: 5 })] },
  })
  const fake = createFakeApi(core.methods)
  const pinia = testingPinia([makeAccount('a'), makeAccount('b')])
  let stats!: ReturnType<typeof useOverviewStats>
  const Host = defineComponent({
    setup() {
      stats = useOverviewStats()
      return () => h('div')
    },
  })
  mountInBody(Host, { global: { plugins: [fake.plugin, pinia] } })
  await flushPromises()
  return { core, fake, accounts: useAccountsStore(pinia), stats }
}

describe('useOverviewStats', () => {
  it("holds core's figures of the scope, and asks again over the new scope", async () => {
    const { fake, accounts, stats } = await setup()
    expect(fake.api.overviewStats).toHaveBeenCalledWith({ scope: ['a'] })
    expect(stats.status.value).toBe('ready')
    expect(stats.stats.value?.totals).toMatchObject({ sites: 2, pendingUpdates: 2 })
    accounts.showAll()
    await flushPromises()
    expect(fake.api.overviewStats).toHaveBeenLastCalledWith({ scope: ['a', 'b'] })
    expect(stats.stats.value?.totals).toMatchObject({ sites: 3, pendingUpdates: 7 })
    expect(stats.stats.value?.pending.map((p) => p.key)).toEqual(['b:1', 'a:1'])
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
    expect(stats.stats.value?.totals.sites).toBe(3)
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
    expect(stats.stats.value?.totals.sites).toBe(3)
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
    expect(stats.status.value).toBe('ready')
    expect(stats.stats.value?.totals.sites).toBe(2)

    core.data.a!.sites.push(makeSite(3, { updates_count: 1 }))
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(stats.stats.value?.totals).toMatchObject({ sites: 3, pendingUpdates: 3 })
  })
})

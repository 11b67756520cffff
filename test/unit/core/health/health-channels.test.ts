// The health channels through a whole core, as a shell calls them: settings kept and checked,
// accounts that are not there refused by name, the demo's site answered as simulated.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMPTY_FILTER, keyOf } from '../../../../src/shared'
import { makeCore } from '../support/core-harness'
import { withTempDirs } from '../support/temp-dir'
import { ManualClock } from '../sync/support/manual-clock'

const dirs = await withTempDirs()
const cores: { dispose(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()))
  await dirs.cleanup()
})

const missing = '6f1c1c3e-4a51-4bb5-9d58-8a3f0f5e7a10'

async function core() {
  const made = makeCore(await dirs.make(), { autoSync: false })
  cores.push(made.core)
  return made
}

describe('health channels', () => {
  it('keeps the settings, within their bounds', async () => {
    const { value, call } = await core()
    expect(await value('health:settings')).toEqual({
      intervalMinutes: 5,
      slowThresholdMs: 3000,
      warningDays: 14,
      concurrency: 16,
      notifyOn: { down: true, recovered: true, certificate: true, domain: true, endOfLife: true },
      accounts: {},
      sites: {},
    })
    const changed = await value('health:setSettings', { intervalMinutes: 15, warningDays: 30 })
    expect(changed).toMatchObject({ intervalMinutes: 15, warningDays: 30, slowThresholdMs: 3000 })
    expect(await value('health:settings')).toMatchObject({ intervalMinutes: 15 })
    expect(await value('health:setSettings', { concurrency: 4 })).toMatchObject({ concurrency: 4, intervalMinutes: 15 })
    const tooMany = await call('health:setSettings', { concurrency: 65 })
    expect(tooMany.ok ? null : tooMany.error.code).toBe('invalid_input')
    const tooOften = await call('health:setSettings', { intervalMinutes: 0 })
    expect(tooOften.ok ? null : tooOften.error.code).toBe('invalid_input')
    const badText = await call('health:setSettings', { site: { site: `${missing}:3`, lookFor: 'a\u0000b' } })
    expect(badText.ok ? null : badText.error.message).toMatch(/control characters/)
  })

  it('refuses accounts that do not exist, naming them', async () => {
    const { call } = await core()
    const scope = await call('health:scope', { scope: [missing] })
    expect(scope.ok ? null : scope.error).toMatchObject({ code: 'not_found' })
    const site = await call('health:site', { site: keyOf(missing, 3) })
    expect(site.ok ? null : site.error.code).toBe('not_found')
    const setting = await call('health:setSettings', { account: { accountId: missing, enabled: false } })
    expect(setting.ok ? null : setting.error.code).toBe('not_found')
  })

  it('keeps the look-for text a new site was created with (the API never gives it back)', async () => {
    const { value } = await core()
    const demo = await value('demo:open')
    const created = await value('sites:create', { accountId: demo.id, site: { name: 'Keyword shop', url: 'https://keyword-shop.test', monitor: { look_for_string: 'Add to basket' } } })
    const settings = await value('health:settings')
    expect(settings.sites[keyOf(demo.id, created.id)]).toEqual({ enabled: true, lookFor: 'Add to basket' })
    expect(await value('health:site', { site: keyOf(demo.id, created.id) })).toMatchObject({ lookFor: 'Add to basket' })
  })

  it("answers the demo's site as simulated, and an empty scope before any check", async () => {
    const { value } = await core()
    const demo = await value('demo:open')
    expect(await value('health:scope', { scope: [demo.id] })).toMatchObject({ sites: {}, checkedAt: null, eolAsOf: '2026-08-22' })
    // Nothing checked yet: the Overview's card says so rather than "nothing needs attention".
    expect((await value('overview:stats', { scope: [demo.id] })).health).toMatchObject({ sites: 0, checkedAt: null })
    const site = await value('health:site', { site: keyOf(demo.id, 1) })
    expect(site).toMatchObject({ simulated: true, enabled: true, checks: [], incidents: [], uptime: { days7: null, days30: null } })
  })
})

describe('health in a whole core', () => {
  it("checks the synced demo on its clock, from the demo's own results, and pushes what changed", async () => {
    const clock = new ManualClock()
    const made = makeCore(await dirs.make(), { autoSync: false, health: { clock, startDelayMs: 1000, autoStart: true } })
    cores.push(made.core)
    const demo = await made.value('demo:open')
    await made.value('sync:now', { accountId: demo.id })
    clock.advance(1000)
    await vi.waitFor(() => expect(made.pushesOf('health:changed')).toEqual([{ accountIds: [demo.id] }]))
    const scope = await made.value('health:scope', { scope: [demo.id] })
    expect(scope.counts.down).toBeGreaterThan(0)
    expect(scope.counts.certificateExpiring).toBe(1)
    expect(scope.checkedAt).toBe(new Date(clock.now()).toISOString())
    // Every site's findings are keyed by its row key.
    expect(Object.keys(scope.sites).every((key) => key.startsWith(`${demo.id}:`))).toBe(true)
  })

  it('filters, counts and sorts the Sites query by the findings health:scope tells, and follows a site turned off', async () => {
    const clock = new ManualClock()
    const made = makeCore(await dirs.make(), { autoSync: false, health: { clock, startDelayMs: 1000, autoStart: true } })
    cores.push(made.core)
    const demo = await made.value('demo:open')
    await made.value('sync:now', { accountId: demo.id })
    clock.advance(1000)
    await vi.waitFor(() => expect(made.pushesOf('health:changed').length).toBeGreaterThan(0))
    const scope = await made.value('health:scope', { scope: [demo.id] })
    const query = { scope: [demo.id], filter: { ...EMPTY_FILTER, health: ['down' as const] }, sort: [{ key: 'health' as const, direction: 'desc' as const }], offset: 0, limit: 100, facets: true }
    const down = await made.value('sites:query', query)
    expect(down.total).toBe(scope.counts.down)
    expect(down.rows.every((row) => row.health?.[0]?.cause === 'down' && row.health[0].label === 'Down')).toBe(true)
    // Each cause's facet count is the sites health:scope counts with it.
    expect(Object.fromEntries(down.facets!.health.map((v) => [v.value, v.count]))).toEqual(scope.counts)
    // The Overview's Needs attention card counts the same, and how many sites have any finding.
    const overview = await made.value('overview:stats', { scope: [demo.id] })
    expect(overview.health?.counts).toEqual(scope.counts)
    expect(overview.health?.sites).toBe(Object.keys(scope.sites).length)
    expect(overview.health?.checkedAt).toBe(scope.checkedAt)
    // The end-of-life finding of the demo's PHP 8.1 reads as the column shows it.
    const eol = await made.value('sites:query', { ...query, filter: { ...EMPTY_FILTER, health: ['endOfLife' as const] } })
    expect(eol.rows.flatMap((row) => row.health ?? []).map((f) => f.label)).toContain('PHP 8.1 without security fixes since 31 Dec 2025')
    // The demo's certificate reads the same days in the column as in its sentence.
    const certificate = await made.value('sites:query', { ...query, filter: { ...EMPTY_FILTER, health: ['certificateExpiring' as const] } })
    const found = certificate.rows[0]?.health?.find((f) => f.cause === 'certificateExpiring')
    expect(found?.label).toBe('Certificate expires in 5 days')
    expect(found?.reason).toMatch(/expires in 5 days/)
    // A site turned off no longer shows its findings.
    const first = down.rows[0]!
    await made.value('health:setSettings', { site: { site: first.key, enabled: false } })
    const after = await made.value('sites:query', query)
    expect(after.total).toBe(down.total - 1)
    expect(after.rows.map((row) => row.key)).not.toContain(first.key)
    // An unknown cause is refused with its reason.
    const bad = await made.call('sites:query', { ...query, filter: { ...EMPTY_FILTER, health: ['sleepy'] } } as never)
    expect(bad.ok ? null : bad.error.code).toBe('invalid_input')
  })

  it("checks a site again within seconds when its look-for text changes, not at its next interval", async () => {
    const clock = new ManualClock()
    const made = makeCore(await dirs.make(), { autoSync: false, health: { clock, startDelayMs: 1000, autoStart: true } })
    cores.push(made.core)
    const demo = await made.value('demo:open')
    await made.value('sync:now', { accountId: demo.id })
    clock.advance(1000)
    await vi.waitFor(() => expect(made.pushesOf('health:changed').length).toBeGreaterThan(0))
    const site = keyOf(demo.id, 2)
    const reachedAt = async () => (await made.value('health:site', { site })).checks.find((c) => c.check === 'reachability')?.checkedAt
    const first = await reachedAt()
    expect(first).toBeDefined()
    clock.advance(5000)
    await made.value('health:setSettings', { site: { site, lookFor: 'Opening hours' } })
    clock.advance(1000)
    await vi.waitFor(async () => expect(await reachedAt()).toBe(new Date(clock.now()).toISOString()))
  })

  it('checks the sites a sync brought within seconds, not at the next tick', async () => {
    const clock = new ManualClock()
    const made = makeCore(await dirs.make(), { autoSync: false, health: { clock, startDelayMs: 1000, autoStart: true } })
    cores.push(made.core)
    const demo = await made.value('demo:open')
    // The first cycle finds no sites yet (nothing synced).
    clock.advance(1000)
    await vi.waitFor(async () => expect((await made.value('health:scope', { scope: [demo.id] })).checkedAt).toBeNull())
    await made.value('sync:now', { accountId: demo.id })
    clock.advance(1000)
    await vi.waitFor(async () => expect((await made.value('health:scope', { scope: [demo.id] })).counts.down).toBe(3))
  })

  it('tells the shell how many sites are down (the tray and badge), again when a site down is turned off', async () => {
    const clock = new ManualClock()
    const down: number[] = []
    const made = makeCore(await dirs.make(), { autoSync: false, setSitesDown: (count) => down.push(count), health: { clock, startDelayMs: 1000, autoStart: true } })
    cores.push(made.core)
    const demo = await made.value('demo:open')
    await made.value('sync:now', { accountId: demo.id })
    clock.advance(1000)
    await vi.waitFor(() => expect(down.at(-1)).toBe(3))
    const scope = await made.value('health:scope', { scope: [demo.id] })
    const aDownSite = Object.entries(scope.sites).find(([, findings]) => findings.some((f) => f.cause === 'down'))![0]
    await made.value('health:setSettings', { site: { site: aDownSite as `${string}:${number}`, enabled: false } })
    expect(down.at(-1)).toBe(2)
    // The windows are told too: the table and the Overview read again.
    expect(made.pushesOf('health:changed').at(-1)).toEqual({ accountIds: [demo.id] })
    await made.value('health:setSettings', { account: { accountId: demo.id, enabled: false } })
    expect(down.at(-1)).toBe(0)
  })
})

// The whole path in core, against a real reference server: an account's first sync raises no
// summary, a later sync that stored new update events raises exactly one with their count,
// and the shell's setBadge gets the pending total the store holds.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Core } from '../../../../src/core'
import { makeCore, storedAccount } from '../support/core-harness'
import { GOOD_TOKEN, startTestServer } from '../support/reference-server'
import { withTempDirs } from '../support/temp-dir'

let server: Awaited<ReturnType<typeof startTestServer>>
const dirs = await withTempDirs()
const cores: Core[] = []

beforeAll(async () => {
  server = await startTestServer(30)
})
afterAll(async () => {
  await server.close()
})
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()))
  await dirs.cleanup()
})

describe('attention summaries and the badge in core', () => {
  it('none on the first sync, one after a sync with new update events; the badge follows the store', async () => {
    const setBadge = vi.fn()
    const harness = makeCore(await dirs.make(), { autoSync: false, setBadge })
    cores.push(harness.core)
    const { value, pushesOf } = harness

    const account = await value('accounts:add', { label: 'Agency', baseUrl: server.baseUrl, token: GOOD_TOKEN })
    await value('sync:now', { accountId: account.id })
    const pending = async () => (await storedAccount(value, account.id)).sites.reduce((n, s) => n + (s.updates_count ?? 0), 0)
    await vi.waitFor(async () => expect(setBadge).toHaveBeenLastCalledWith(await pending()))
    expect(pushesOf('attention:summary')).toEqual([])

    let updateEvents = 0
    for (let pass = 0; pass < 10 && updateEvents === 0; pass++) {
      const events = server.runMonitoringPass().flatMap((result) => result.events)
      updateEvents += events.filter((event) => event.type === 'update_extension_available').length
    }
    expect(updateEvents).toBeGreaterThan(0)
    await value('sync:now', { accountId: account.id })
    await vi.waitFor(() => expect(pushesOf('attention:summary')).toHaveLength(1))
    const [summary] = pushesOf('attention:summary')
    expect(summary).toMatchObject({ accountId: account.id, accountLabel: 'Agency', counts: { newUpdateEvents: updateEvents } })
    expect(summary!.title).toMatch(/^Agency: \d+ sites? needs? attention$/)
    await vi.waitFor(async () => expect(setBadge).toHaveBeenLastCalledWith(await pending()))

    // Nothing new: nothing said.
    await value('sync:now', { accountId: account.id })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(pushesOf('attention:summary')).toHaveLength(1)
  })
})

import { describe, expect, it, vi } from 'vitest'
import { watchAttention } from '../../../../src/core/attention'
import { PushEmitter } from '../../../../src/core/util/push-emitter'
import type { Account, AttentionSummary, Site, SiteEvent, SyncChanges } from '../../../../src/shared'
import { attentionSite, siteEvent, syncChanges } from './support/attention-fixtures'

const NOW = '2026-11-23T12:00:00.000Z'

const site = (id: number, updates: number): Site => attentionSite(id, updates, NOW)

function account(id: string): Account {
  return { id, label: id.toUpperCase(), baseUrl: 'https://api.example', kind: 'remote', tokenState: 'ok', createdAt: NOW } as Account
}

const event = (id: number, siteId: number, type?: string): SiteEvent => siteEvent(id, siteId, NOW, type)
const changes = (accountId: string, patch: Partial<SyncChanges> = {}): SyncChanges => syncChanges(accountId, NOW, patch)

function setup() {
  const events = new PushEmitter()
  const sites = new Map<string, Site[]>([
    ['a', [site(1, 2), site(2, 3)]],
    ['b', [site(1, 10)]],
  ])
  const setBadge = vi.fn()
  const summaries: AttentionSummary[] = []
  events.on('attention:summary', (summary) => summaries.push(summary))
  const stop = watchAttention({
    events,
    sites: (id) => sites.get(id) ?? [],
    notifyOn: () => ({ newUpdateEvents: true, pendingRose: true, notChecked: true }),
    accountLabel: async (id) => id.toUpperCase(),
    listAccounts: async () => ({ accounts: [account('a'), account('b')], lastActiveId: 'a' }),
    lastSyncedAt: () => '2026-11-23T11:55:00.000Z',
    setBadge,
  })
  return { events, sites, setBadge, summaries, stop }
}

describe('watchAttention', () => {
  it('puts the pending total of every account on the badge, and follows changes and removals', async () => {
    const { events, sites, setBadge } = setup()
    await vi.waitFor(() => expect(setBadge).toHaveBeenLastCalledWith(15))
    sites.set('b', [site(1, 4)])
    events.emit('workspace:changed', { accountId: 'b', sites: true, tags: false, events: false, changes: null })
    expect(setBadge).toHaveBeenLastCalledWith(9)
    events.emit('accounts:changed', { accounts: [account('a')], lastActiveId: 'a' })
    expect(setBadge).toHaveBeenLastCalledWith(5)
    // The same total twice is one call.
    const calls = setBadge.mock.calls.length
    events.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    expect(setBadge).toHaveBeenCalledTimes(calls)
  })

  it('raises one summary per completed sync with the update events pushed since the last, none for a first sync', async () => {
    const { events, summaries } = setup()
    events.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: true, changes: changes('a', { first: true }) })
    // Events an events-only read stored (no changes), then the full sync's own.
    events.emit('events:new', { accountId: 'a', events: [event(11, 1), event(12, 2, 'new_extension')] })
    events.emit('workspace:changed', { accountId: 'a', sites: false, tags: false, events: true, changes: null })
    events.emit('events:new', { accountId: 'a', events: [event(13, 2)] })
    events.emit('workspace:changed', { accountId: 'a', sites: false, tags: false, events: true, changes: changes('a', { newEventCount: 1 }) })
    await vi.waitFor(() => expect(summaries).toHaveLength(1))
    expect(summaries[0]).toMatchObject({ accountId: 'a', title: 'A: 2 sites need attention', counts: { newUpdateEvents: 2, pendingRose: 0, notChecked: 0 } })
    // The next sync starts counting afresh: nothing new, nothing said.
    events.emit('workspace:changed', { accountId: 'a', sites: false, tags: false, events: false, changes: changes('a') })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(summaries).toHaveLength(1)
  })

  it('stops listening when stopped', async () => {
    const { events, summaries, setBadge, stop } = setup()
    await vi.waitFor(() => expect(setBadge).toHaveBeenCalled())
    stop()
    const calls = setBadge.mock.calls.length
    events.emit('events:new', { accountId: 'a', events: [event(1, 1)] })
    events.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: true, changes: changes('a') })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(summaries).toHaveLength(0)
    expect(setBadge).toHaveBeenCalledTimes(calls)
  })
})

// Core's push events reach the window, on the channel the preload listens to.
import { describe, expect, it, vi } from 'vitest'
import { PUSH_EVENTS } from '../../../src/shared'
import { PushEmitter } from '../../../src/core/util/push-emitter'
import { FakeWebContents } from './fake-electron'
import { forwardPushEvents } from '../../../src/main/push-events'

vi.mock('electron', () => import('./fake-electron'))

describe('forwardPushEvents', () => {
  it('sends every push event to the window on a channel of the same name', () => {
    const emitter = new PushEmitter()
    const target = new FakeWebContents()
    forwardPushEvents({ on: (e, l) => emitter.on(e, l) }, () => target as any)

    const accounts = { accounts: [], activeAccountId: null } as any
    const state = {
      accountId: 'a1',
      status: 'syncing' as const,
      progress: { done: 1, total: 3 },
      error: null,
      lastSyncedAt: null,
      lastAttemptAt: null,
      notice: null,
      backfilling: false,
    }
    const changed = { accountId: 'a1', sites: true, tags: false, events: false, changes: null }
    const notice = { id: 'n1', message: 'The local copy was rebuilt.' }
    emitter.emit('accounts:changed', accounts)
    emitter.emit('events:new', { accountId: 'a1', events: [] })
    emitter.emit('sync:state', state)
    emitter.emit('workspace:changed', changed)
    emitter.emit('app:notice', notice)
    const summary = {
      accountId: 'a1',
      accountLabel: 'Agency',
      title: 'Agency: 1 site needs attention',
      body: '1 site has more pending updates',
      path: '/sites',
      query: { updates: '1' },
      counts: { newUpdateEvents: 0, pendingRose: 1, notChecked: 0 },
    }
    emitter.emit('attention:summary', summary)
    emitter.emit('app:navigate', { path: '/sites', query: {} })
    emitter.emit('app:command', { id: 'go.sites' })
    emitter.emit('health:changed', { accountIds: ['a1'] })
    const progress = { done: 1, total: 3, current: 'Acme', folder: '/reports', state: 'running' as const, failed: [] }
    emitter.emit('report:progress', progress)
    const deleting = { jobId: 'j1', total: 3, at: 2, of: 3, counts: { pending: 1, deleting: 1, deleted: 1, gone: 0, failed: 0, cancelled: 0 }, running: true, stopping: false, runs: 1, step: 7 }
    emitter.emit('bulk:progress', deleting)

    expect(target.sent).toEqual([
      { channel: 'accounts:changed', payload: accounts },
      { channel: 'events:new', payload: { accountId: 'a1', events: [] } },
      { channel: 'sync:state', payload: state },
      { channel: 'workspace:changed', payload: changed },
      { channel: 'app:notice', payload: notice },
      { channel: 'attention:summary', payload: summary },
      { channel: 'app:navigate', payload: { path: '/sites', query: {} } },
      { channel: 'app:command', payload: { id: 'go.sites' } },
      { channel: 'health:changed', payload: { accountIds: ['a1'] } },
      { channel: 'report:progress', payload: progress },
      { channel: 'bulk:progress', payload: deleting },
    ])
    expect(new Set(target.sent.map((s) => s.channel))).toEqual(new Set(PUSH_EVENTS))
  })

  it('drops events while no window is open or after it is destroyed, and stops on unsubscribe', () => {
    const emitter = new PushEmitter()
    const target = new FakeWebContents()
    let current: FakeWebContents | null = null
    const stop = forwardPushEvents({ on: (e, l) => emitter.on(e, l) }, () => current as any)

    emitter.emit('events:new', { accountId: 'a1', events: [] })
    current = target
    target.destroyed = true
    emitter.emit('events:new', { accountId: 'a1', events: [] })
    target.destroyed = false
    stop()
    emitter.emit('events:new', { accountId: 'a1', events: [] })
    expect(target.sent).toEqual([])
  })
})

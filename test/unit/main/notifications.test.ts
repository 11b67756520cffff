import { beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => import('./fake-electron'))

import { BrowserWindow, Notification, resetFakeElectron } from './fake-electron'
import { showAttentionNotifications } from '../../../src/main/notifications'
import { PushEmitter } from '../../../src/core/util/push-emitter'
import type { AttentionSummary } from '../../../src/shared'

function summary(patch: Partial<AttentionSummary> = {}): AttentionSummary {
  return {
    accountId: 'acc-1',
    accountLabel: 'Agency',
    title: 'Agency: 3 sites need attention',
    body: '3 sites have more pending updates',
    path: '/sites',
    query: { updates: '1' },
    counts: { newUpdateEvents: 0, pendingRose: 3, notChecked: 0 },
    ...patch,
  }
}

function setup(window: BrowserWindow | null) {
  const events = new PushEmitter()
  const showWindow = vi.fn()
  const stop = showAttentionNotifications(events, { showWindow, window: () => window as never })
  return { events, showWindow, stop }
}

describe('showAttentionNotifications', () => {
  beforeEach(() => resetFakeElectron())

  it('shows each summary as one system notification with its title and body', () => {
    const { events } = setup(new BrowserWindow({}))
    events.emit('attention:summary', summary())
    expect(Notification.created).toHaveLength(1)
    expect(Notification.created[0]!.options).toEqual({ title: 'Agency: 3 sites need attention', body: '3 sites have more pending updates' })
    expect(Notification.created[0]!.shown).toBe(true)
  })

  it('a click shows the window and sends it app:navigate with the view and the account', () => {
    const window = new BrowserWindow({})
    const { events, showWindow } = setup(window)
    events.emit('attention:summary', summary())
    Notification.created[0]!.emit('click')
    expect(showWindow).toHaveBeenCalledTimes(1)
    expect(window.webContents.sent).toEqual([{ channel: 'app:navigate', payload: { path: '/sites', query: { updates: '1', account: 'acc-1' } } }])
  })

  it('a window still loading gets app:navigate once its page has loaded', () => {
    const window = new BrowserWindow({})
    window.webContents.loading = true
    const { events } = setup(window)
    events.emit('attention:summary', summary({ path: '/events', query: { type: 'update_extension_available' } }))
    Notification.created[0]!.emit('click')
    expect(window.webContents.sent).toEqual([])
    window.webContents.emit('did-finish-load')
    expect(window.webContents.sent).toEqual([
      { channel: 'app:navigate', payload: { path: '/events', query: { type: 'update_extension_available', account: 'acc-1' } } },
    ])
  })

  it('a newer summary of the same account replaces the older notification; other accounts keep theirs', () => {
    const { events } = setup(new BrowserWindow({}))
    events.emit('attention:summary', summary())
    events.emit('attention:summary', summary({ accountId: 'acc-2' }))
    events.emit('attention:summary', summary({ title: 'Agency: 1 site needs attention' }))
    expect(Notification.created.map((n) => n.closed)).toEqual([true, false, false])
  })

  it('shows nothing where the system has no notifications, and nothing after stopping', () => {
    Notification.supported = false
    const { events, stop } = setup(new BrowserWindow({}))
    events.emit('attention:summary', summary())
    expect(Notification.created).toHaveLength(0)
    Notification.supported = true
    stop()
    events.emit('attention:summary', summary())
    expect(Notification.created).toHaveLength(0)
  })
})

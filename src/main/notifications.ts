// The desktop app's notification: core's 'attention:summary' (one per account and sync, see
// src/core/attention) becomes a system notification; a click brings the window forward and
// asks the renderer to open the matching view through the 'app:navigate' push. The badge is
// set by core's setBadge option (main-process.ts), not here.
import { Notification, type BrowserWindow } from 'electron'
import type { Core } from '../core'
import type { AttentionSummary, PushEvents } from '../shared'

/**
 * The query key that names the summary's account in 'app:navigate' (the push carries only a
 * path and a query); the renderer switches to that account and leaves the key out of the view's
 * address (src/renderer/src/composables/useAttentionNotifications.ts, NAVIGATE_ACCOUNT_KEY).
 */
export const NAVIGATE_ACCOUNT_KEY = 'account'

export interface AttentionNotificationOptions {
  /** Shows the window (opening one if none is open), restored and focused. */
  showWindow: () => void
  window: () => BrowserWindow | null
}

/** The 'app:navigate' payload of a summary: its view, and its account. */
export function navigationOf(summary: AttentionSummary): PushEvents['app:navigate'] {
  return { path: summary.path, query: { ...summary.query, [NAVIGATE_ACCOUNT_KEY]: summary.accountId } }
}

/** Shows each attention summary as a notification; answers the function that stops. */
export function showAttentionNotifications(core: Pick<Core, 'on'>, options: AttentionNotificationOptions): () => void {
  // Held until replaced: a notification that is garbage-collected loses its click handler, and
  // an account's newer summary replaces its older one rather than piling up.
  const shown = new Map<string, Notification>()
  const stop = core.on('attention:summary', (summary) => {
    if (!Notification.isSupported()) return
    shown.get(summary.accountId)?.close()
    const notification = new Notification({ title: summary.title, body: summary.body })
    notification.on('click', () => {
      shown.delete(summary.accountId)
      options.showWindow()
      navigate(options.window(), navigationOf(summary))
    })
    notification.on('close', () => {
      if (shown.get(summary.accountId) === notification) shown.delete(summary.accountId)
    })
    shown.set(summary.accountId, notification)
    notification.show()
  })
  return () => {
    stop()
    for (const notification of shown.values()) notification.close()
    shown.clear()
  }
}

function navigate(window: BrowserWindow | null, payload: PushEvents['app:navigate']): void {
  if (!window || window.isDestroyed()) return
  const contents = window.webContents
  // A window opened by the click is still loading: it can take the push once its page runs.
  if (contents.isLoading()) contents.once('did-finish-load', () => contents.send('app:navigate', payload))
  else contents.send('app:navigate', payload)
}

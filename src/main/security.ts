// The window's security lines (DESIGN.md): no navigation away from the app, no new windows,
// no <webview>, every permission denied, and a CSP header on every response. A web address
// the app's own page opens in a new window (window.open, a target=_blank link: "Open sites",
// a site's address in the table) goes to the system browser instead; the window is refused.
import type { Session, WebContents } from 'electron'
import { isWebAddress } from '../shared'
import type { OpenExternal } from './external-links'

export interface NavigationPolicy {
  isAppUrl(address: string): boolean
  /** Where a refused web link goes instead: the system browser. */
  openExternal: OpenExternal
}

/**
 * Applied to every webContents the app creates (app 'web-contents-created'), so nothing can
 * slip past by being created later. A link the user clicks is never followed inside the app;
 * an http(s) one opens in the system browser instead.
 */
export function hardenWebContents(contents: WebContents, policy: NavigationPolicy): void {
  const sendToBrowser = (address: string): void => {
    if (isWebAddress(address)) {
      policy.openExternal(address).catch(() => {
        // Nothing to recover: the browser could not be started and the app stays as it was.
      })
    }
  }

  // 'will-frame-navigate' covers the main frame and every subframe; the URL is read from the
  // event itself (Electron deprecated the positional arguments).
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame && policy.isAppUrl(event.url)) return
    event.preventDefault()
    if (event.isMainFrame) sendToBrowser(event.url)
  })
  contents.on('will-redirect', (event) => {
    if (!policy.isAppUrl(event.url)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
  })
  contents.setWindowOpenHandler((details) => {
    // Only the app's own page may send addresses to the browser: were anything else ever
    // shown in this window, its window.open would not reach the system. A form posted to a
    // new window is not a link to open (and its body would be lost).
    if (policy.isAppUrl(contents.getURL()) && details.postBody === undefined) sendToBrowser(details.url)
    return { action: 'deny' }
  })
}

/** Denies every permission (camera, notifications, geolocation, ...) and adds the CSP header. */
export function lockDownSession(session: Session, contentSecurityPolicy: string): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [contentSecurityPolicy],
      },
    })
  })
}

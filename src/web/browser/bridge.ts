// The browser entry of the web shell, loaded by a deferred classic <script> ahead of the renderer's
// module script: it takes the token out of the address, opens the socket at once (calls made
// before it is open wait for it) and defines window.api before the app starts. The socket
// needs no token in its address: the HttpOnly cookie set with the page authorizes it, and the shell checks
// that it comes from this page's own origin. A shell restarted on the same port with the same
// token accepts both again, so the page reconnects to it by itself (reconnecting-socket.ts), showing
// "Reconnecting…" meanwhile (connection-banner.ts).
import type { Connect } from './reconnecting-socket'
import { dropTokenFromAddress } from './address-token'
import { createBridge } from './bridge-client'
import { createConnectionBanner, type ConnectionBanner } from './connection-banner'
import { takePrimedAnswers } from './primed-answers'
import { SINCE_PARAM, SOCKET_PATH } from '../protocol'
import { warmUpLocaleData } from '../../shared/locale-warm-up'
import { keepScreens, releaseKeptScreen, restoreKeptStylesheets } from './screen-keeper'

// First, before any other script can read the address or the router keeps it as its base.
dropTokenFromAddress(window)
// The stylesheets the shell linked print-only while its picture of the last screen painted are
// the app's again. The picture stays until the app shows its view, unless the address names
// another view; an address naming none opens on the screen's (screen-keeper.ts).
restoreKeptStylesheets(document)
releaseKeptScreen(document, window)

// The answers the shell made to this page's first calls as it served it (web/primed-page.ts).
// The first socket asks for the pushes sent since they were made; a later one is a reconnect,
// which reads everything again anyway.
const primed = takePrimedAnswers(document)
// A page primed with kept answers from an earlier start reads everything again anyway (bridge-client.ts).
let since = primed === null || primed.stale ? '' : `?${SINCE_PARAM}=${primed.seq}`

// The page is opening until the person's first key, click or typing: the calls made until
// then are the ones the shell primes the next page with (core/first-screen/first-calls.ts).
let opening = true
for (const type of ['keydown', 'pointerdown', 'input']) document.addEventListener(type, () => (opening = false), { capture: true, once: true })

const connect: Connect = (callbacks) => {
  const socket = new WebSocket(`ws://${location.host}${SOCKET_PATH}${since}`)
  since = ''
  socket.onopen = () => callbacks.onOpen()
  socket.onmessage = (event: MessageEvent) => {
    if (typeof event.data === 'string') callbacks.onMessage(event.data)
  }
  socket.onclose = () => callbacks.onClose()
  return {
    send: (text) => {
      // A socket closing under the heartbeat's ping throws; its close event follows anyway.
      if (socket.readyState === WebSocket.OPEN) socket.send(text)
    },
    close: () => socket.close(),
  }
}

// The banner is made first and told every change; it needs the bridge only for "Try now".
let banner: ConnectionBanner | null = null
const bridge = createBridge({ connect, primed, opening: () => opening, onStatus: (status) => banner?.show(status) })
banner = createConnectionBanner(document, { tryNow: () => bridge.reconnectNow() })
banner.show(bridge.status())
// Coming back to the tab is a good moment to look again rather than wait out the backoff
// (a no-op while connected).
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') bridge.reconnectNow()
})

// Like contextBridge's window.api under Electron: present before the app runs, not replaceable.
Object.defineProperty(window, 'api', { value: bridge.api, writable: false, configurable: false, enumerable: true })

// The window's screen, kept by the shell for the next page each time it settles.
keepScreens({ doc: document, send: (frame) => bridge.sendFrame(frame) })

// Once the socket is on its way and the page's first frame (the kept screen, when there is one)
// is made: the app's bundle is usually still arriving, and its first screen's formatters then
// cost it nothing (shared/locale-warm-up.ts). Run here at once, its 20-35 ms held that frame back.
requestAnimationFrame(() => setTimeout(warmUpLocaleData, 0))

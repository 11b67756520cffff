// The browser entry of the web shell, loaded by a classic <script> ahead of the renderer's
// module script: it defines window.api before the app starts. The socket needs no token in
// its address: the HttpOnly cookie set on the first visit authorizes it, and the shell checks
// that it comes from this page's own origin.
import type { Connect } from './bridge-client'
import { createBridge } from './bridge-client'
import { SOCKET_PATH } from './protocol'

const connect: Connect = (callbacks) => {
  const socket = new WebSocket(`ws://${location.host}${SOCKET_PATH}`)
  socket.onopen = () => callbacks.onOpen()
  socket.onmessage = (event: MessageEvent) => {
    if (typeof event.data === 'string') callbacks.onMessage(event.data)
  }
  socket.onclose = () => callbacks.onClose()
  return {
    send: (text) => socket.send(text),
    close: () => socket.close(),
  }
}

const { api } = createBridge({ connect })

// Like contextBridge's window.api under Electron: present before the app runs, not replaceable.
Object.defineProperty(window, 'api', { value: api, writable: false, configurable: false, enumerable: true })

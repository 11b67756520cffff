// What the page's bridge.ts does with the browser's WebSocket, done with `ws` in Node: one socket
// per attempt, wired to the bridge's callbacks. `opened` gets every socket made, newest last, so
// a test can count the tries or drop one.
import WebSocket from 'ws'
import type { Connect } from '../../../src/web/browser/reconnecting-socket'

export function wsConnect(url: string, headers: Record<string, string> = {}, opened: WebSocket[] = []): Connect {
  return (callbacks) => {
    const socket = new WebSocket(url, { headers })
    opened.push(socket)
    socket.on('open', () => callbacks.onOpen())
    socket.on('message', (data) => callbacks.onMessage(data.toString()))
    socket.on('close', () => callbacks.onClose())
    socket.on('error', () => {}) // 'close' follows and is what the bridge acts on
    return {
      send: (text) => {
        // As in bridge.ts: a socket closing under the heartbeat's ping throws; its close follows.
        if (socket.readyState === WebSocket.OPEN) socket.send(text)
      },
      close: () => socket.terminate(),
    }
  }
}

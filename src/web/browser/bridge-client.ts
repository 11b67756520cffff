// window.api over the web shell's WebSocket: the same SiteManagerApi the Electron preload
// exposes (both built by createApi), so the renderer cannot tell the shells apart. Every call
// resolves to a Result and never rejects, as over IPC.
//
// Three parts, put together here: the socket that looks after itself (reconnecting-socket.ts:
// heartbeat, backoff, "Reconnecting…"), the calls over it (rpc-client.ts: ids, timeouts,
// pushes), and the catch-up after a reconnect (shared/catch-up-pushes.ts). Calls made while the shell cannot
// be reached settle at once with a 'network' error, never waiting; calls waiting when the
// socket goes settle with one too.
import { catchUpPushes, createApi, type SiteManagerApi } from '../../shared'
import { CONNECTION_LOST, NOT_CONNECTED } from './bridge-errors'
import { type Clock, systemClock } from './clock'
import { DATA_PUSHES, PrimedAnswerBook } from './primed-answers'
import type { PrimedAnswers } from '../protocol'
import { PushListeners } from './push-listeners'
import { type ConnectionStatus, ReconnectingSocket, type ReconnectingSocketOptions } from './reconnecting-socket'
import { DEFAULT_CALL_TIMEOUT_MS, RpcClient } from './rpc-client'

/**
 * A page primed with kept answers from an earlier start (web/kept-answers.ts) reads everything
 * again once the page has used them all, the person acts, or this long after it opened.
 */
export const STALE_READ_AGAIN_MS = 1_500

export interface BridgeOptions extends Omit<ReconnectingSocketOptions, 'clock'> {
  /** How long one call may wait for its answer before it fails with 'timeout'. */
  callTimeoutMs?: number
  /** Told every change of the connection's state (the page's banner). */
  onStatus?: (status: ConnectionStatus) => void
  /** The answers the shell primed the page with (primed-answers.ts): each answers its first call. */
  primed?: PrimedAnswers | null
  /** Whether the page is still opening, before the person's first key or click (protocol.ts's `opening`). */
  opening?: () => boolean
  setTimer?: Clock['setTimer']
  clearTimer?: Clock['clearTimer']
  now?: Clock['now']
}

export interface Bridge {
  api: SiteManagerApi
  /** The connection's state now. */
  status(): ConnectionStatus
  /** Tries to reconnect at once instead of waiting for the backoff ("Try now"). */
  reconnectNow(): void
  /** Closes the socket for good; waiting calls fail with 'network'. */
  close(): void
  /** Sends a frame that is not a call (the kept screen's), or queues it while the socket opens; false once the bridge is closed. Nothing waits for it. */
  sendFrame(text: string): boolean
}

export function createBridge(options: BridgeOptions): Bridge {
  const clock: Clock = {
    setTimer: options.setTimer ?? systemClock.setTimer,
    clearTimer: options.clearTimer ?? systemClock.clearTimer,
    now: options.now ?? systemClock.now,
  }
  const pushes = new PushListeners()
  const book = new PrimedAnswerBook(options.primed ?? null)
  // Kept answers are what core said at an earlier start: once drawn, the page is told everything
  // changed (the catch-up a reconnect makes), and its views ask core again. Not before they are
  // drawn: the push would close the book, and the first screen would wait for a cold core.
  let stale = options.primed?.stale === true
  const readAgain = (): void => {
    if (!stale) return
    stale = false
    clock.clearTimer(staleTimer)
    void catchUpPushes(rpc.request, pushes.emit)
  }
  const staleTimer = stale ? clock.setTimer(readAgain, STALE_READ_AGAIN_MS) : undefined
  const rpc = new RpcClient({
    primed: (channel, input) => {
      if (options.opening?.() === false) book.close()
      const answer = book.take(channel, input)
      // Used up (or closed by the person's first key or click): after this answer is handed
      // over, so the caller draws it first. A call the book has no answer for says nothing:
      // the page's other first calls may still be on their way.
      if (stale && book.left().length === 0) clock.setTimer(readAgain, 0)
      return answer
    },
    ...(options.opening ? { opening: options.opening } : {}),
    // The socket is made next (its events need the client); no call runs before it exists.
    send: (text) => socket.send(text),
    onPush: (event, payload) => {
      // Before the listeners: one that reads again on this push must not get a primed answer.
      if (DATA_PUSHES.has(event)) book.close()
      pushes.emit(event, payload)
    },
    callTimeoutMs: options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    clock,
  })
  const socket = new ReconnectingSocket(
    { ...options, clock },
    {
      onOpen: (reconnected) => {
        if (reconnected) void catchUpPushes(rpc.request, pushes.emit)
      },
      onFrame: (text) => rpc.receive(text),
      // A socket that never opened never carried the calls: the shell could not be reached.
      onLost: (wasOpen) => rpc.failAll(wasOpen ? CONNECTION_LOST : NOT_CONNECTED),
      onStatus: (status) => options.onStatus?.(status),
    },
  )
  socket.start()
  return {
    api: createApi(rpc.request, pushes.subscribe),
    status: () => socket.status(),
    reconnectNow: () => socket.reconnectNow(),
    close: () => socket.close(),
    sendFrame: (text) => socket.send(text) !== null,
  }
}

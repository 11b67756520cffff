// window.api over the web shell's WebSocket: the same SiteManagerApi the Electron preload
// exposes, so the renderer cannot tell the shells apart. Every call resolves to a Result and
// never rejects, as over IPC. When the socket drops, calls still waiting for an answer fail
// with a 'network' AppError (their answer is lost with the socket) and the bridge reconnects;
// after a reconnect it refetches the account list, since pushes sent meanwhile were lost.
import type { AppError, PushEvent, RequestChannel, Result, SiteManagerApi } from '../../shared'
import { fail, methodName, REQUEST_CHANNELS } from '../../shared'
import { isPushEvent, parseServerMessage } from './protocol'

export interface ConnectionCallbacks {
  onOpen(): void
  onMessage(text: string): void
  /** Called once, whether the socket closed after opening or never opened. */
  onClose(): void
}

export interface Connection {
  send(text: string): void
  close(): void
}

/** Opens one socket to the shell; the browser entry uses WebSocket, tests use `ws`. */
export type Connect = (callbacks: ConnectionCallbacks) => Connection

export interface BridgeOptions {
  connect: Connect
  /** Waits before reconnect attempts: the first, then doubled up to the last. */
  reconnectDelayMs?: { first: number; max: number }
  /**
   * How long one call may wait for its answer before it fails with 'timeout'. Generous: the
   * socket staying open says nothing about an answer that never comes, yet 'sites:all' pages
   * through a whole account and can rightly take minutes.
   */
  callTimeoutMs?: number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

export const DEFAULT_CALL_TIMEOUT_MS = 5 * 60 * 1000

export const CONNECTION_LOST: AppError = {
  code: 'network',
  message:
    'The connection to Site Manager was lost before it answered. If the web shell was restarted, open the new address it printed.',
}

export const NOT_CONNECTED: AppError = {
  code: 'network',
  message: 'Site Manager cannot be reached: the web shell is not running or refused this page.',
}

export const CALL_TIMED_OUT: AppError = {
  code: 'timeout',
  message: 'Site Manager did not answer in time, so the request was given up. Try again; if it keeps happening, restart the web shell.',
}

type Settle = (result: Result<unknown>) => void
type Listener = (payload: unknown) => void

export interface Bridge {
  api: SiteManagerApi
  /** Closes the socket for good; waiting calls fail with 'network'. */
  close(): void
}

export function createBridge(options: BridgeOptions): Bridge {
  const delays = options.reconnectDelayMs ?? { first: 500, max: 5000 }
  const callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  const listeners = new Map<PushEvent, Set<Listener>>()
  /** Sent, waiting for their answer. */
  const inFlight = new Map<number, Settle>()
  /** Made while connecting, sent once the socket opens. */
  let queued: Array<{ text: string; id: number; settle: Settle }> = []
  let nextId = 1
  let connection: Connection | null = null
  let open = false
  /** Whether a socket ever opened: the next open is then a reconnect. */
  let everOpened = false
  let closedForGood = false
  let retryDelay = delays.first
  let retryTimer = false

  const emit = (event: PushEvent, payload: unknown) => {
    // A copy, as an EventEmitter (ipcRenderer) does: listeners added or removed by a listener
    // take effect from the next event.
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload)
      } catch (error) {
        // One broken listener must not stop the others; keep its error visible.
        console.error(error)
      }
    }
  }

  const dispatch = (text: string) => {
    const message = parseServerMessage(text)
    if (!message) return
    if ('id' in message) {
      const settle = inFlight.get(message.id)
      inFlight.delete(message.id)
      settle?.(message.result)
      return
    }
    emit(message.event, message.payload)
  }

  /** Pushes sent while the socket was down are lost; the account list is what must not go stale. */
  const catchUpAfterReconnect = () => {
    if (!listeners.get('accounts:changed')?.size) return
    void request('accounts:list', undefined).then((result) => {
      // A failure here has nothing to report to: the renderer's own calls show the problem.
      if (result.ok) emit('accounts:changed', result.value)
    })
  }

  const connect = () => {
    if (connection || closedForGood) return
    connection = options.connect({
      onOpen: () => {
        open = true
        retryDelay = delays.first
        const reconnected = everOpened
        everOpened = true
        const waiting = queued
        queued = []
        for (const call of waiting) {
          inFlight.set(call.id, call.settle)
          connection?.send(call.text)
        }
        if (reconnected) catchUpAfterReconnect()
      },
      onMessage: dispatch,
      onClose: () => {
        const wasOpen = open
        connection = null
        open = false
        for (const settle of inFlight.values()) settle(fail(CONNECTION_LOST))
        inFlight.clear()
        // Calls made while connecting fail too: the shell could not be reached.
        for (const call of queued) call.settle(fail(wasOpen ? CONNECTION_LOST : NOT_CONNECTED))
        queued = []
        scheduleReconnect()
      },
    })
  }

  const scheduleReconnect = () => {
    if (closedForGood || retryTimer) return
    retryTimer = true
    setTimer(() => {
      retryTimer = false
      connect()
    }, retryDelay)
    retryDelay = Math.min(retryDelay * 2, delays.max)
  }

  const request = (channel: RequestChannel, input: unknown): Promise<Result<unknown>> =>
    new Promise((resolve) => {
      if (closedForGood) return resolve(fail(NOT_CONNECTED))
      const id = nextId++
      const text = JSON.stringify(input === undefined ? { id, channel } : { id, channel, input })
      const timer = setTimer(() => {
        // Forgotten, so a late answer finds nothing to settle.
        inFlight.delete(id)
        queued = queued.filter((call) => call.id !== id)
        resolve(fail(CALL_TIMED_OUT))
      }, callTimeoutMs)
      const settle: Settle = (result) => {
        clearTimer(timer)
        resolve(result)
      }
      if (connection && open) {
        inFlight.set(id, settle)
        connection.send(text)
        return
      }
      queued.push({ text, id, settle })
      // A call while disconnected tries at once rather than waiting for the backoff.
      connect()
    })

  const api: Record<string, unknown> = {}
  for (const channel of REQUEST_CHANNELS) {
    api[methodName(channel)] = (input?: unknown) => request(channel, input)
  }
  api.on = (event: string, listener: Listener) => {
    if (!isPushEvent(event)) throw new TypeError(`Unknown push event "${event}".`)
    if (typeof listener !== 'function') throw new TypeError('on() needs a listener function.')
    // Each registration gets its own wrapper, as in the preload: the same function registered
    // twice is called twice, and each returned unsubscribe removes only its own registration.
    const forward: Listener = (payload) => {
      listener(payload)
    }
    let set = listeners.get(event)
    if (!set) listeners.set(event, (set = new Set()))
    set.add(forward)
    return () => {
      set.delete(forward)
    }
  }

  connect()
  return {
    api: Object.freeze(api) as SiteManagerApi,
    close: () => {
      closedForGood = true
      connection?.close()
    },
  }
}

// window.api over the web shell's WebSocket: the same SiteManagerApi the Electron preload
// exposes, so the renderer cannot tell the shells apart. Every call resolves to a Result and
// never rejects, as over IPC.
//
// The connection looks after itself (issue 10): a socket that closes, or that stays silent past
// the heartbeat's timeout (a half-open connection: the shell stopped or froze without a close
// reaching the page), is noticed without any call being made. The bridge then says so through
// onStatus (the page shows "Reconnecting…") and tries again with a jittered backoff, on the
// same address: a shell restarted on the same port with the same token takes the page's cookie
// again. Calls made while the shell cannot be reached settle at once with a 'network' error,
// never waiting. Once a socket opens again, the pushes missed meanwhile are made up for: the
// account list, every account's sync state and a "everything changed" per account, so the
// renderer reloads what it shows without a page reload (and keeps what was typed).
import type { AccountsState, AppError, PushEvent, RequestChannel, Result, SiteManagerApi, SyncState, WorkspaceChanged } from '../../shared'
import { fail, isPushEvent, methodName, REQUEST_CHANNELS } from '../../shared'
import { parseServerMessage, PING_FRAME } from '../protocol'

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

/**
 * Where the connection stands. 'connecting': the first socket is opening (the page just
 * loaded). 'open': calls go through. 'reconnecting': the shell could not be reached or was
 * lost; `attempting` says whether a socket is opening right now or the bridge is waiting for
 * its next try.
 */
export type ConnectionStatus = { state: 'connecting' } | { state: 'open' } | { state: 'reconnecting'; attempting: boolean }

export interface HeartbeatOptions {
  /** How often the bridge pings an open socket. */
  intervalMs: number
  /** A ping unanswered this long (no answer, push or pong since): the connection is taken as dead. */
  timeoutMs: number
}

export interface BridgeOptions {
  connect: Connect
  /** Waits before reconnect attempts: the first, then doubled up to the last, each jittered. */
  reconnectDelayMs?: { first: number; max: number }
  /** How long a socket may take to open before the attempt is given up. */
  connectTimeoutMs?: number
  /** Pings that find a silent connection; false turns them off (tests of other things). */
  heartbeat?: HeartbeatOptions | false
  /**
   * How long one call may wait for its answer before it fails with 'timeout'. Generous: the
   * socket staying open says nothing about an answer that never comes, yet 'sites:all' pages
   * through a whole account and can rightly take minutes.
   */
  callTimeoutMs?: number
  /** Told every change of the connection's state (the page's banner). */
  onStatus?: (status: ConnectionStatus) => void
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
  now?: () => number
  /** A number in [0, 1), for the backoff's jitter. */
  random?: () => number
}

export const DEFAULT_CALL_TIMEOUT_MS = 5 * 60 * 1000
/** 0.5 s doubling to 5 s: a restarted shell is found within seconds, a stopped one costs one try per 5 s. */
export const DEFAULT_RECONNECT_DELAY_MS = { first: 500, max: 5000 }
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000
/**
 * A ping every 1.5 s; one unanswered for 8 s means the shell is gone (found 8 to 10 s after it
 * froze; a stopped shell closes the socket and is found at once). A pong on loopback takes a
 * millisecond, but a shell on a machine under heavy load (a build, a test run beside it) was
 * seen to miss 4 s, and a wrong "Reconnecting…" fails the person's calls: 8 s is only a shell
 * that cannot answer.
 */
export const DEFAULT_HEARTBEAT: HeartbeatOptions = { intervalMs: 1500, timeoutMs: 8000 }

export const CONNECTION_LOST: AppError = {
  code: 'network',
  message:
    'The connection to Site Manager was lost before it answered, so this may not have been done. The page reconnects by itself; check, then try again.',
}

export const NOT_CONNECTED: AppError = {
  code: 'network',
  message: "Site Manager's web shell is not answering (it may have been stopped). The page reconnects by itself once it runs again; then try again.",
}

export const CALL_TIMED_OUT: AppError = {
  code: 'timeout',
  message: 'Site Manager did not answer in time, so the request was given up. Try again; if it keeps happening, restart the web shell.',
}

type Settle = (result: Result<unknown>) => void
type Listener = (payload: unknown) => void

export interface Bridge {
  api: SiteManagerApi
  /** The connection's state now. */
  status(): ConnectionStatus
  /** Tries to reconnect at once instead of waiting for the backoff ("Try now"). */
  reconnectNow(): void
  /** Closes the socket for good; waiting calls fail with 'network'. */
  close(): void
}

/** One socket's life; callbacks of a socket the bridge gave up on find it is no longer current. */
interface Attempt {
  connection: Connection | null
  open: boolean
  /** When the ping waiting for an answer went out; any frame from the shell answers it. */
  unansweredPingAt: number | null
  timer: unknown
}

export function createBridge(options: BridgeOptions): Bridge {
  const delays = options.reconnectDelayMs ?? DEFAULT_RECONNECT_DELAY_MS
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS
  const heartbeat = options.heartbeat === false ? null : (options.heartbeat ?? DEFAULT_HEARTBEAT)
  const callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  const now = options.now ?? (() => Date.now())
  const random = options.random ?? Math.random
  const listeners = new Map<PushEvent, Set<Listener>>()
  /** Sent, waiting for their answer. */
  const inFlight = new Map<number, Settle>()
  /** Made while a socket is opening, sent once it opens. */
  let queued: Array<{ text: string; id: number; settle: Settle }> = []
  let nextId = 1
  let current: Attempt | null = null
  /** Whether a socket ever opened: the next open is then a reconnect. */
  let everOpened = false
  let closedForGood = false
  /** Tries since a socket was last open: the backoff's exponent. */
  let retries = 0
  let retryTimer: unknown = null
  let status: ConnectionStatus = { state: 'connecting' }

  const setStatus = (next: ConnectionStatus) => {
    if (JSON.stringify(next) === JSON.stringify(status)) return
    status = next
    try {
      options.onStatus?.(next)
    } catch (error) {
      console.error(error)
    }
  }

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

  /**
   * Pushes sent while the socket was down are lost: core is asked for what they would have
   * said, and the renderer hears it as pushes. Each account's data is announced as changed, so
   * the views read their snapshot again (a local read, no network); a restarted shell may also
   * be a new process whose sync states the renderer has never seen.
   */
  const catchUpAfterReconnect = async () => {
    const [accounts, states] = await Promise.all([request('accounts:list', undefined), request('sync:states', undefined)])
    // A failure here has nothing to report to: the renderer's own calls show the problem.
    if (accounts.ok) {
      emit('accounts:changed', accounts.value)
      for (const account of accountsOf(accounts.value)) {
        const changed: WorkspaceChanged = { accountId: account.id, sites: true, tags: true, events: true, changes: null }
        emit('workspace:changed', changed)
      }
    }
    if (states.ok && Array.isArray(states.value)) {
      for (const state of states.value as SyncState[]) emit('sync:state', state)
    }
  }

  /**
   * One ping at a time, judged from when it went out: a background tab's timers may run once a
   * minute (browsers throttle them), and silence between two late ticks is not the shell's.
   */
  const beat = (attempt: Attempt) => {
    if (!heartbeat) return
    attempt.timer = setTimer(() => {
      if (current !== attempt || !attempt.open) return
      const sentAt = attempt.unansweredPingAt
      if (sentAt !== null && now() - sentAt >= heartbeat.timeoutMs) {
        // Half-open: no close will come, or only after minutes of TCP retries.
        lost(attempt)
        return
      }
      if (sentAt === null) {
        attempt.unansweredPingAt = now()
        attempt.connection?.send(PING_FRAME)
      }
      beat(attempt)
    }, heartbeat.intervalMs)
  }

  const connect = () => {
    if (current || closedForGood) return
    const attempt: Attempt = { connection: null, open: false, unansweredPingAt: null, timer: null }
    current = attempt
    if (everOpened || retries > 0) setStatus({ state: 'reconnecting', attempting: true })
    // A socket that neither opens nor closes (a frozen shell accepts TCP but never upgrades).
    attempt.timer = setTimer(() => {
      if (current === attempt && !attempt.open) lost(attempt)
    }, connectTimeoutMs)
    attempt.connection = options.connect({
      onOpen: () => {
        if (current !== attempt) return
        clearTimer(attempt.timer)
        attempt.open = true
        retries = 0
        const reconnected = everOpened
        everOpened = true
        const waiting = queued
        queued = []
        for (const call of waiting) {
          inFlight.set(call.id, call.settle)
          attempt.connection?.send(call.text)
        }
        setStatus({ state: 'open' })
        beat(attempt)
        if (reconnected) void catchUpAfterReconnect()
      },
      onMessage: (text) => {
        if (current !== attempt) return
        attempt.unansweredPingAt = null
        dispatch(text)
      },
      onClose: () => {
        if (current === attempt) lost(attempt)
      },
    })
  }

  /** The attempt's socket is gone or given up: every waiting call settles, and a retry is set. */
  const lost = (attempt: Attempt) => {
    if (current !== attempt) return
    current = null
    clearTimer(attempt.timer)
    attempt.connection?.close()
    for (const settle of inFlight.values()) settle(fail(CONNECTION_LOST))
    inFlight.clear()
    // Calls made while connecting fail too: the shell could not be reached.
    for (const call of queued) call.settle(fail(attempt.open ? CONNECTION_LOST : NOT_CONNECTED))
    queued = []
    if (closedForGood) return
    setStatus({ state: 'reconnecting', attempting: false })
    scheduleReconnect()
  }

  /**
   * The wait before the next try: doubling from `first` to `max`, each between 75 % and 125 % of
   * it, so pages left open on one shell do not all knock at the same moment.
   */
  const nextDelay = () => {
    const base = Math.min(delays.max, delays.first * 2 ** Math.min(retries, 30))
    retries++
    return Math.round(base * (0.75 + random() * 0.5))
  }

  const scheduleReconnect = () => {
    if (closedForGood || retryTimer !== null) return
    retryTimer = setTimer(() => {
      retryTimer = null
      connect()
    }, nextDelay())
  }

  const request = (channel: RequestChannel, input: unknown): Promise<Result<unknown>> =>
    new Promise((resolve) => {
      if (closedForGood) return resolve(fail(NOT_CONNECTED))
      // Waiting for the next try: the shell is known to be unreachable, so say so now.
      if (!current) return resolve(fail(NOT_CONNECTED))
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
      if (current.open) {
        inFlight.set(id, settle)
        current.connection?.send(text)
        return
      }
      // The socket is opening (the page just loaded, or a retry is under way): sent once open.
      queued.push({ text, id, settle })
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
    status: () => status,
    reconnectNow: () => {
      if (closedForGood || current) return
      if (retryTimer !== null) clearTimer(retryTimer)
      retryTimer = null
      connect()
    },
    close: () => {
      closedForGood = true
      if (retryTimer !== null) clearTimer(retryTimer)
      retryTimer = null
      if (current) lost(current)
    },
  }
}

/** The accounts of an accounts:list answer; nothing when it is not one (a stand-in core). */
function accountsOf(value: unknown): { id: string }[] {
  const accounts = (value as Partial<AccountsState> | null)?.accounts
  return Array.isArray(accounts) ? accounts.filter((account) => typeof account?.id === 'string') : []
}

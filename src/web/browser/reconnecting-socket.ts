// The bridge's one socket to the shell, looking after itself: a socket that closes,
// or that stays silent past the heartbeat's timeout (a half-open connection), is noticed
// without any call being made; the state is told through onStatus (the page shows
// "Reconnecting…") and the socket is opened again after a jittered backoff, on the same
// address: a shell restarted on the same port with the same token takes the page's cookie
// again. Frames sent while a socket is opening wait for it; while none is, they are refused at
// once, so a call never waits on a shell known to be unreachable.
import { PING_FRAME, PONG_FRAME } from '../protocol'
import { type Clock, systemClock } from './clock'
import { DEFAULT_HEARTBEAT, type Heartbeat, type HeartbeatOptions, startHeartbeat } from './heartbeat'
import { DEFAULT_RECONNECT_DELAY_MS, reconnectDelay, type ReconnectDelays } from './reconnect-delay'

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
 * loaded). 'open': frames go through. 'reconnecting': the shell could not be reached or was
 * lost; `attempting` says whether a socket is opening right now or the next try is waited for.
 */
export type ConnectionStatus = { state: 'connecting' } | { state: 'open' } | { state: 'reconnecting'; attempting: boolean }

export const DEFAULT_CONNECT_TIMEOUT_MS = 5000

export interface ReconnectingSocketOptions {
  connect: Connect
  /** Waits before reconnect attempts: the first, then doubled up to the last, each jittered. */
  reconnectDelayMs?: ReconnectDelays
  /** How long a socket may take to open before the attempt is given up. */
  connectTimeoutMs?: number
  /** Pings that find a silent connection; false turns them off (tests of other things). */
  heartbeat?: HeartbeatOptions | false
  clock?: Clock
  /** A number in [0, 1), for the backoff's jitter. */
  random?: () => number
}

export interface SocketEvents {
  /** A socket opened; `reconnected` when one had been open before (pushes may have been missed). */
  onOpen(reconnected: boolean): void
  /** A frame from the shell, other than the heartbeat's pong. */
  onFrame(text: string): void
  /** The socket is gone or was given up; `wasOpen` false when it never opened. */
  onLost(wasOpen: boolean): void
  /** Every change of the connection's state (the page's banner). */
  onStatus(status: ConnectionStatus): void
}

/** One socket's life; callbacks of a socket given up on find it is no longer current. */
interface Attempt {
  connection: Connection | null
  open: boolean
  /** The deadline for opening. */
  openBy: unknown
  heartbeat: Heartbeat | null
}

/** A frame waiting for the opening socket; an object so that it can be withdrawn. */
interface QueuedFrame {
  text: string
}

export class ReconnectingSocket {
  private readonly delays: ReconnectDelays
  private readonly connectTimeoutMs: number
  private readonly heartbeat: HeartbeatOptions | null
  private readonly clock: Clock
  private readonly random: () => number
  private current: Attempt | null = null
  private queue: QueuedFrame[] = []
  /** Whether a socket ever opened: the next open is then a reconnect. */
  private everOpened = false
  private closedForGood = false
  /** Tries since a socket was last open: the backoff's exponent. */
  private retries = 0
  private retryTimer: unknown = null
  private state: ConnectionStatus = { state: 'connecting' }

  constructor(
    private readonly options: ReconnectingSocketOptions,
    private readonly events: SocketEvents,
  ) {
    this.delays = options.reconnectDelayMs ?? DEFAULT_RECONNECT_DELAY_MS
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS
    this.heartbeat = options.heartbeat === false ? null : (options.heartbeat ?? DEFAULT_HEARTBEAT)
    this.clock = options.clock ?? systemClock
    this.random = options.random ?? Math.random
  }

  /** Opens the first socket; apart from the constructor, so that the events' owner is ready for them. */
  start(): void {
    this.connect()
  }

  /** The connection's state now. */
  status(): ConnectionStatus {
    return this.state
  }

  /**
   * Sends a frame now, or once the opening socket opens. Answers what withdraws the frame if it
   * is still waiting, or null when no socket is up or opening: the shell is not reachable now.
   */
  send(text: string): (() => void) | null {
    const attempt = this.current
    if (!attempt) return null
    if (attempt.open) {
      attempt.connection?.send(text)
      return () => {}
    }
    const frame: QueuedFrame = { text }
    this.queue.push(frame)
    return () => {
      this.queue = this.queue.filter((queued) => queued !== frame)
    }
  }

  /** Tries at once instead of waiting out the backoff ("Try now"); nothing while a socket is up or opening. */
  reconnectNow(): void {
    if (this.closedForGood || this.current) return
    this.cancelRetry()
    this.connect()
  }

  /** Closes the socket for good. */
  close(): void {
    this.closedForGood = true
    this.cancelRetry()
    if (this.current) this.lost(this.current)
  }

  private connect(): void {
    if (this.current || this.closedForGood) return
    const attempt: Attempt = { connection: null, open: false, openBy: null, heartbeat: null }
    this.current = attempt
    if (this.everOpened || this.retries > 0) this.setStatus({ state: 'reconnecting', attempting: true })
    // A socket that neither opens nor closes (a frozen shell accepts TCP but never upgrades).
    attempt.openBy = this.clock.setTimer(() => {
      if (!attempt.open) this.lost(attempt)
    }, this.connectTimeoutMs)
    attempt.connection = this.options.connect({
      onOpen: () => this.opened(attempt),
      onMessage: (text) => this.received(attempt, text),
      onClose: () => this.lost(attempt),
    })
  }

  private opened(attempt: Attempt): void {
    if (this.current !== attempt) return
    this.clock.clearTimer(attempt.openBy)
    attempt.open = true
    this.retries = 0
    const reconnected = this.everOpened
    this.everOpened = true
    for (const frame of this.queue.splice(0)) attempt.connection?.send(frame.text)
    this.setStatus({ state: 'open' })
    if (this.heartbeat) {
      attempt.heartbeat = startHeartbeat(
        this.heartbeat,
        this.clock,
        () => attempt.connection?.send(PING_FRAME),
        // Half-open: no close will come, or only after minutes of TCP retries.
        () => this.lost(attempt),
      )
    }
    this.events.onOpen(reconnected)
  }

  private received(attempt: Attempt, text: string): void {
    if (this.current !== attempt) return
    attempt.heartbeat?.heard()
    if (text !== PONG_FRAME) this.events.onFrame(text)
  }

  /** The attempt's socket is gone or given up: its frames are dropped, and a retry is set. */
  private lost(attempt: Attempt): void {
    if (this.current !== attempt) return
    this.current = null
    this.clock.clearTimer(attempt.openBy)
    attempt.heartbeat?.stop()
    attempt.connection?.close()
    this.queue = []
    this.events.onLost(attempt.open)
    if (this.closedForGood) return
    this.setStatus({ state: 'reconnecting', attempting: false })
    this.scheduleReconnect()
  }

  private scheduleReconnect(): void {
    if (this.closedForGood || this.retryTimer !== null) return
    const wait = reconnectDelay(this.retries++, this.delays, this.random)
    this.retryTimer = this.clock.setTimer(() => {
      this.retryTimer = null
      this.connect()
    }, wait)
  }

  private cancelRetry(): void {
    if (this.retryTimer !== null) this.clock.clearTimer(this.retryTimer)
    this.retryTimer = null
  }

  private setStatus(next: ConnectionStatus): void {
    if (JSON.stringify(next) === JSON.stringify(this.state)) return
    this.state = next
    try {
      this.events.onStatus(next)
    } catch (error) {
      // The banner failing must not stop the connection from looking after itself.
      console.error(error)
    }
  }
}

// Finds a silent connection: the shell stopped or froze without a close reaching the page (a
// half-open socket), which no call would notice until it timed out minutes later. Browsers
// cannot send WebSocket pings, so the bridge pings in a frame of its own (PING_FRAME); any
// frame from the shell answers it.
import type { Clock } from './clock'

export interface HeartbeatOptions {
  /** How often the bridge pings an open socket. */
  intervalMs: number
  /** A ping unanswered this long (no answer, push or pong since): the connection is taken as dead. */
  timeoutMs: number
}

/**
 * A ping every 1.5 s; one unanswered for 8 s means the shell is gone (found 8 to 10 s after it
 * froze; a stopped shell closes the socket and is found at once). A pong on loopback takes a
 * millisecond, but a shell on a machine under heavy load (a build, a test run beside it) was
 * seen to miss 4 s, and a wrong "Reconnecting…" fails the person's calls: 8 s is only a shell
 * that cannot answer.
 */
export const DEFAULT_HEARTBEAT: HeartbeatOptions = { intervalMs: 1500, timeoutMs: 8000 }

export interface Heartbeat {
  /** A frame came from the shell: the ping waiting for an answer is answered. */
  heard(): void
  stop(): void
}

/**
 * Pings every `intervalMs`, one ping at a time, judged from when it went out: a background
 * tab's timers may run once a minute (browsers throttle them), and silence between two late
 * ticks is not the shell's. Calls `onSilent` once, when a ping stays unanswered `timeoutMs`.
 */
export function startHeartbeat(options: HeartbeatOptions, clock: Clock, ping: () => void, onSilent: () => void): Heartbeat {
  let unansweredSince: number | null = null
  let stopped = false
  const tick = () => {
    if (stopped) return
    if (unansweredSince !== null && clock.now() - unansweredSince >= options.timeoutMs) {
      stopped = true
      onSilent()
      return
    }
    if (unansweredSince === null) {
      unansweredSince = clock.now()
      ping()
    }
    timer = clock.setTimer(tick, options.intervalMs)
  }
  let timer = clock.setTimer(tick, options.intervalMs)
  return {
    heard: () => {
      unansweredSince = null
    },
    stop: () => {
      stopped = true
      clock.clearTimer(timer)
    },
  }
}

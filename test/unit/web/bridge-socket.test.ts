// The bridge's reconnecting socket on its own, with scripted connections and vitest's fake
// timers (no wall clock): the backoff's sequence, the heartbeat finding a silent shell, the
// opening deadline, frames queued while a socket opens, and the status the banner shows.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PING_FRAME, PONG_FRAME } from '../../../src/web/protocol'
import { DEFAULT_HEARTBEAT } from '../../../src/web/browser/heartbeat'
import { DEFAULT_RECONNECT_DELAY_MS, reconnectDelay } from '../../../src/web/browser/reconnect-delay'
import {
  type ConnectionCallbacks,
  type ConnectionStatus,
  DEFAULT_CONNECT_TIMEOUT_MS,
  ReconnectingSocket,
  type ReconnectingSocketOptions,
} from '../../../src/web/browser/reconnecting-socket'

/** One socket the bridge opened: what it sent, whether it was closed, and the shell's side. */
interface ScriptedConnection {
  sent: string[]
  closed: boolean
  open(): void
  say(text: string): void
  drop(): void
}

function scriptedSocket(options: Omit<ReconnectingSocketOptions, 'connect'> = {}) {
  const connections: ScriptedConnection[] = []
  const statuses: ConnectionStatus[] = []
  const events = { opened: [] as boolean[], frames: [] as string[], lost: [] as boolean[] }
  const socket = new ReconnectingSocket(
    {
      random: () => 0.5,
      ...options,
      connect: (callbacks: ConnectionCallbacks) => {
        const connection: ScriptedConnection = {
          sent: [],
          closed: false,
          open: () => callbacks.onOpen(),
          say: (text) => callbacks.onMessage(text),
          drop: () => callbacks.onClose(),
        }
        connections.push(connection)
        return {
          send: (text) => connection.sent.push(text),
          close: () => {
            connection.closed = true
          },
        }
      },
    },
    {
      onOpen: (reconnected) => events.opened.push(reconnected),
      onFrame: (text) => events.frames.push(text),
      onLost: (wasOpen) => events.lost.push(wasOpen),
      onStatus: (status) => statuses.push(status),
    },
  )
  socket.start()
  const latest = () => connections.at(-1)!
  return { socket, connections, statuses, events, latest }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the backoff', () => {
  it('doubles from the first wait to the cap, each wait jittered by at most a quarter', () => {
    const delays = { first: 500, max: 5000 }
    expect([0, 1, 2, 3, 4, 5, 40].map((retry) => reconnectDelay(retry, delays, () => 0.5))).toEqual([500, 1000, 2000, 4000, 5000, 5000, 5000])
    expect(reconnectDelay(0, delays, () => 0)).toBe(375)
    expect(reconnectDelay(0, delays, () => 0.999999)).toBe(625)
    expect(reconnectDelay(10, delays, () => 0)).toBe(3750)
    expect(DEFAULT_RECONNECT_DELAY_MS).toEqual(delays)
  })

  it('tries again after 0.5, 1, 2, 4, 5, 5 s while the shell stays away: one socket per wait, no storm', async () => {
    const { connections, latest } = scriptedSocket({ heartbeat: false })
    latest().drop() // the first socket is refused
    const triedAt: number[] = []
    let last = Date.now()
    for (let i = 0; i < 6; i++) {
      const before = connections.length
      await vi.advanceTimersToNextTimerAsync()
      expect(connections.length).toBe(before + 1)
      triedAt.push(Date.now() - last)
      last = Date.now()
      latest().drop()
    }
    expect(triedAt).toEqual([500, 1000, 2000, 4000, 5000, 5000])
  })

  it('starts again from the first wait once a socket was open', async () => {
    const { connections, latest } = scriptedSocket({ heartbeat: false, reconnectDelayMs: { first: 100, max: 1000 } })
    latest().drop()
    await vi.advanceTimersByTimeAsync(100)
    latest().drop()
    await vi.advanceTimersByTimeAsync(200)
    latest().open()
    latest().drop()
    const before = connections.length
    await vi.advanceTimersByTimeAsync(99)
    expect(connections.length).toBe(before)
    await vi.advanceTimersByTimeAsync(1)
    expect(connections.length).toBe(before + 1)
  })

  it('tries at once when asked (Try now), and not at all while a socket is up or after close', async () => {
    const { socket, connections, latest } = scriptedSocket({ heartbeat: false, reconnectDelayMs: { first: 60_000, max: 60_000 } })
    latest().open()
    socket.reconnectNow()
    expect(connections).toHaveLength(1)
    latest().drop()
    socket.reconnectNow()
    expect(connections).toHaveLength(2)
    // The cancelled wait does not open a third socket later.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(connections).toHaveLength(2)
    socket.close()
    socket.reconnectNow()
    await vi.advanceTimersByTimeAsync(600_000)
    expect(connections).toHaveLength(2)
    expect(connections.every((c) => c.closed)).toBe(true)
  })
})

describe('the heartbeat', () => {
  it('pings every 1.5 s, one ping at a time, and keeps a socket that answers', async () => {
    const { socket, latest } = scriptedSocket()
    latest().open()
    expect(DEFAULT_HEARTBEAT).toEqual({ intervalMs: 1500, timeoutMs: 8000 })
    await vi.advanceTimersByTimeAsync(1499)
    expect(latest().sent).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(latest().sent).toEqual([PING_FRAME])
    // Unanswered: no second ping piles up behind the first.
    await vi.advanceTimersByTimeAsync(3000)
    expect(latest().sent).toEqual([PING_FRAME])
    latest().say(PONG_FRAME)
    await vi.advanceTimersByTimeAsync(1500)
    expect(latest().sent).toEqual([PING_FRAME, PING_FRAME])
    // A shell that answers each ping stays open however long it runs.
    for (let i = 0; i < 40; i++) {
      latest().say(PONG_FRAME)
      await vi.advanceTimersByTimeAsync(1500)
    }
    expect(latest().sent).toHaveLength(42)
    expect(socket.status()).toEqual({ state: 'open' })
  })

  it('takes a socket silent for 8 s after a ping as lost, and says so', async () => {
    const { socket, events, latest, statuses } = scriptedSocket()
    const first = latest()
    first.open()
    await vi.advanceTimersByTimeAsync(1500) // the ping goes out
    await vi.advanceTimersByTimeAsync(7500)
    expect(socket.status()).toEqual({ state: 'open' })
    await vi.advanceTimersByTimeAsync(1500) // the next tick finds the ping 9 s old
    expect(socket.status()).toEqual({ state: 'reconnecting', attempting: false })
    expect(events.lost).toEqual([true])
    expect(first.closed).toBe(true)
    expect(statuses).toEqual([{ state: 'open' }, { state: 'reconnecting', attempting: false }])
  })

  it('counts any frame from the shell as an answer, and hands on every frame but the pong', async () => {
    const { socket, events, latest } = scriptedSocket()
    latest().open()
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(1500)
      latest().say(`{"event":"sync:state","payload":${i}}`)
    }
    latest().say(PONG_FRAME)
    expect(socket.status()).toEqual({ state: 'open' })
    expect(events.frames).toHaveLength(10)
    expect(events.frames).not.toContain(PONG_FRAME)
  })

  it('is off when turned off: a silent socket stays', async () => {
    const { socket, latest } = scriptedSocket({ heartbeat: false })
    latest().open()
    await vi.advanceTimersByTimeAsync(600_000)
    expect(latest().sent).toEqual([])
    expect(socket.status()).toEqual({ state: 'open' })
  })
})

describe('opening', () => {
  it('gives up a socket that neither opens nor closes within 5 s', async () => {
    const { socket, events, latest } = scriptedSocket()
    const frozen = latest()
    expect(socket.status()).toEqual({ state: 'connecting' })
    await vi.advanceTimersByTimeAsync(DEFAULT_CONNECT_TIMEOUT_MS - 1)
    expect(socket.status()).toEqual({ state: 'connecting' })
    await vi.advanceTimersByTimeAsync(1)
    expect(frozen.closed).toBe(true)
    expect(events.lost).toEqual([false])
    expect(socket.status()).toEqual({ state: 'reconnecting', attempting: false })
    // Its late open is no longer the bridge's concern.
    frozen.open()
    expect(events.opened).toEqual([])
  })

  it('queues frames while the socket opens and sends them once it is open; a withdrawn one never goes', () => {
    const { socket, latest } = scriptedSocket({ heartbeat: false })
    expect(socket.send('one')).toBeTypeOf('function')
    const withdraw = socket.send('two')!
    socket.send('three')
    withdraw()
    expect(latest().sent).toEqual([])
    latest().open()
    expect(latest().sent).toEqual(['one', 'three'])
    socket.send('four')
    expect(latest().sent).toEqual(['one', 'three', 'four'])
  })

  it('refuses frames while no socket is up or opening, and drops the queue of a socket that never opened', async () => {
    const { socket, connections, latest } = scriptedSocket({ heartbeat: false, reconnectDelayMs: { first: 1000, max: 1000 } })
    socket.send('queued')
    latest().drop()
    expect(socket.send('while waiting')).toBeNull()
    await vi.advanceTimersByTimeAsync(1000)
    latest().open()
    expect(connections.map((c) => c.sent)).toEqual([[], []])
  })

  it('tells the banner each state once, and a reconnect as one', async () => {
    const { socket, events, statuses, latest } = scriptedSocket({ heartbeat: false, reconnectDelayMs: { first: 100, max: 100 } })
    latest().open()
    latest().drop()
    await vi.advanceTimersByTimeAsync(100)
    latest().drop()
    await vi.advanceTimersByTimeAsync(100)
    latest().open()
    expect(statuses).toEqual([
      { state: 'open' },
      { state: 'reconnecting', attempting: false },
      { state: 'reconnecting', attempting: true },
      { state: 'reconnecting', attempting: false },
      { state: 'reconnecting', attempting: true },
      { state: 'open' },
    ])
    expect(events.opened).toEqual([false, true])
    expect(events.lost).toEqual([true, false])
    expect(socket.status()).toEqual({ state: 'open' })
  })

  it('keeps working when the banner throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const connections: Array<{ open(): void }> = []
    const socket = new ReconnectingSocket(
      { heartbeat: false, connect: (callbacks) => (connections.push({ open: callbacks.onOpen }), { send: () => {}, close: () => {} }) },
      {
        onOpen: () => {},
        onFrame: () => {},
        onLost: () => {},
        onStatus: () => {
          throw new Error('the banner broke')
        },
      },
    )
    socket.start()
    connections[0]!.open()
    expect(socket.status()).toEqual({ state: 'open' })
    expect(error).toHaveBeenCalledWith(new Error('the banner broke'))
    error.mockRestore()
  })

  it('on close: the socket goes, nothing is tried again, and frames are refused', async () => {
    const { socket, connections, events, latest } = scriptedSocket({ heartbeat: false })
    latest().open()
    socket.close()
    expect(latest().closed).toBe(true)
    expect(events.lost).toEqual([true])
    expect(socket.send('late')).toBeNull()
    await vi.advanceTimersByTimeAsync(600_000)
    expect(connections).toHaveLength(1)
    expect(vi.getTimerCount()).toBe(0)
  })
})

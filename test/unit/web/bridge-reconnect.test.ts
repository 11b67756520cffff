// The bridge's connection looking after itself: a dead or silent shell is noticed
// without any call, calls meanwhile settle at once, retries back off, a shell restarted on the
// same port and token is found again by itself, and the pushes missed meanwhile are made up for.
// Real web shell servers (and a scripted socket server) on loopback; `ws` stands in for the
// browser's WebSocket.
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'
import { afterEach, describe, expect, it } from 'vitest'
import { ok } from '../../../src/shared'
import { type Bridge, createBridge } from '../../../src/web/browser/bridge-client'
import { CONNECTION_LOST, NOT_CONNECTED } from '../../../src/web/browser/bridge-errors'
import type { Connect, ConnectionStatus } from '../../../src/web/browser/reconnecting-socket'
import { PING_FRAME, PONG_FRAME } from '../../../src/web/protocol'
import { wsConnect } from './bridge-ws-connect'
import { type Harness, nextMessage, openSocket, startHarness, TOKEN } from './web-shell-harness'

let bridge: Bridge | null = null
const harnesses: Harness[] = []
let scripted: WebSocketServer | null = null

afterEach(async () => {
  bridge?.close()
  bridge = null
  for (const harness of harnesses.splice(0)) await harness.close().catch(() => undefined)
  if (scripted) {
    for (const client of scripted.clients) client.terminate()
    scripted.close()
    await once(scripted, 'close')
    scripted = null
  }
})

async function shell(port = 0): Promise<Harness> {
  const harness = await startHarness({ port })
  harnesses.push(harness)
  return harness
}

/** What the page does: the cookie and Origin of the shell's port, whichever process has it now. */
function connectToPort(port: number, opened: WebSocket[] = []): Connect {
  return wsConnect(`ws://127.0.0.1:${port}/__ws`, { Cookie: `site_manager_token_${port}=${TOKEN}`, Origin: `http://127.0.0.1:${port}` }, opened)
}

function recordStatuses(): { seen: ConnectionStatus[]; onStatus: (status: ConnectionStatus) => void } {
  const seen: ConnectionStatus[] = []
  return { seen, onStatus: (status) => seen.push(status) }
}

describe('a stopped shell', () => {
  it('is noticed without any call, and calls meanwhile settle at once with a network error', async () => {
    const harness = await shell()
    const statuses = recordStatuses()
    bridge = createBridge({ connect: connectToPort(harness.server.port), reconnectDelayMs: { first: 60_000, max: 60_000 }, onStatus: statuses.onStatus })
    expect(await bridge.api.appInfo()).toMatchObject({ ok: true })
    const inFlight = bridge.api.syncNow({ accountId: 'a1' }) // the stand-in core never answers it
    await expect.poll(() => harness.calls.some((c) => c.channel === 'sync:now')).toBe(true)

    await harness.close()
    await expect.poll(() => bridge!.status()).toEqual({ state: 'reconnecting', attempting: false })
    expect(await inFlight).toEqual({ ok: false, error: CONNECTION_LOST })
    const started = Date.now()
    expect(await bridge.api.accountsList()).toEqual({ ok: false, error: NOT_CONNECTED })
    expect(Date.now() - started).toBeLessThan(50)
    expect(statuses.seen).toEqual([{ state: 'open' }, { state: 'reconnecting', attempting: false }])
  })

  it('is found again by itself once a shell runs on the same port with the same token, and missed pushes are made up for', async () => {
    const first = await shell()
    const port = first.server.port
    const statuses = recordStatuses()
    const opened: WebSocket[] = []
    bridge = createBridge({ connect: connectToPort(port, opened), reconnectDelayMs: { first: 20, max: 80 }, onStatus: statuses.onStatus })
    const accountsSeen: unknown[] = []
    bridge.api.on('accounts:changed', (payload) => accountsSeen.push(payload))
    expect(await bridge.api.appInfo()).toMatchObject({ ok: true })

    await first.close()
    await expect.poll(() => bridge!.status().state).toBe('reconnecting')
    // Down a while: a few tries find nothing.
    await expect.poll(() => opened.length).toBeGreaterThanOrEqual(4)
    expect(await bridge.api.appInfo()).toEqual({ ok: false, error: NOT_CONNECTED })

    const second = await shell(port)
    await expect.poll(() => bridge!.status().state, { timeout: 3000 }).toBe('open')
    expect(await bridge.api.appInfo()).toMatchObject({ ok: true })
    // The reconnected bridge asks the new core for what its pushes would have said.
    await expect.poll(() => second.calls.map((c) => c.channel).sort()).toEqual(['accounts:list', 'app:info', 'sync:states'])
    await expect.poll(() => accountsSeen).toEqual([null])
    // Pushes of the new shell arrive.
    const pushed: unknown[] = []
    bridge.api.on('events:new', (payload) => pushed.push(payload))
    second.push('events:new', { accountId: 'a1', events: [] })
    await expect.poll(() => pushed).toEqual([{ accountId: 'a1', events: [] }])
    expect(statuses.seen.at(-1)).toEqual({ state: 'open' })
  })

  it('backs off between tries: doubling from the first wait to the cap, no storm', async () => {
    const harness = await shell()
    const port = harness.server.port
    await harness.close()
    const waits: number[] = []
    const opened: WebSocket[] = []
    bridge = createBridge({
      connect: connectToPort(port, opened),
      reconnectDelayMs: { first: 10, max: 40 },
      heartbeat: false,
      callTimeoutMs: 99_999,
      connectTimeoutMs: 88_888,
      random: () => 0.5, // the middle of the jitter: each wait exactly its base
      setTimer: (run, ms) => {
        if (ms !== 99_999 && ms !== 88_888) waits.push(ms)
        return setTimeout(run, ms)
      },
    })
    await expect.poll(() => waits.length).toBeGreaterThanOrEqual(5)
    expect(waits.slice(0, 5)).toEqual([10, 20, 40, 40, 40])
    // One socket per wait, plus the first: nothing else tries in between.
    expect(opened.length).toBeLessThanOrEqual(waits.length + 1)
  })

  it('starts again from the first wait after each time it was connected', async () => {
    const first = await shell()
    const port = first.server.port
    const waits: number[] = []
    bridge = createBridge({
      connect: connectToPort(port),
      reconnectDelayMs: { first: 10, max: 80 },
      heartbeat: false,
      callTimeoutMs: 99_999,
      connectTimeoutMs: 88_888,
      random: () => 0.5,
      setTimer: (run, ms) => {
        if (ms !== 99_999 && ms !== 88_888) waits.push(ms)
        return setTimeout(run, ms)
      },
    })
    await expect.poll(() => bridge!.status().state).toBe('open')
    await first.close()
    await expect.poll(() => waits.length).toBeGreaterThanOrEqual(3)
    expect(waits.slice(0, 3)).toEqual([10, 20, 40])
    const second = await shell(port)
    await expect.poll(() => bridge!.status().state, { timeout: 3000 }).toBe('open')
    const before = waits.length
    await second.close()
    await expect.poll(() => waits.length).toBeGreaterThan(before)
    expect(waits[before]).toBe(10)
  })

  it('tries at once when asked (Try now) instead of waiting out the backoff', async () => {
    const first = await shell()
    const port = first.server.port
    bridge = createBridge({ connect: connectToPort(port), reconnectDelayMs: { first: 60_000, max: 60_000 } })
    expect(await bridge.api.appInfo()).toMatchObject({ ok: true })
    await first.close()
    await expect.poll(() => bridge!.status()).toEqual({ state: 'reconnecting', attempting: false })
    await shell(port)
    bridge.reconnectNow()
    await expect.poll(() => bridge!.status().state).toBe('open')
    expect(await bridge.api.appInfo()).toMatchObject({ ok: true })
  })
})

describe('a silent shell (half-open connection)', () => {
  /** A socket server that answers calls but, once `silent` is set, nothing at all. */
  async function startScripted(): Promise<{ port: number; silence(): void; pings: () => number }> {
    let silent = false
    let pings = 0
    scripted = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    await once(scripted, 'listening')
    scripted.on('connection', (socket) => {
      socket.on('message', (data) => {
        const text = data.toString()
        if (text === PING_FRAME) pings++
        if (silent) return
        if (text === PING_FRAME) return socket.send(PONG_FRAME)
        const request = JSON.parse(text) as { id: number; channel: string }
        if (request.channel !== 'sync:now') socket.send(JSON.stringify({ id: request.id, result: ok(request.channel) }))
      })
    })
    return { port: (scripted.address() as AddressInfo).port, silence: () => (silent = true), pings: () => pings }
  }

  it('stays open while the shell answers its pings, and is dropped once it stays silent past the timeout', async () => {
    const server = await startScripted()
    bridge = createBridge({
      connect: connectToPort(server.port),
      heartbeat: { intervalMs: 30, timeoutMs: 100 },
      reconnectDelayMs: { first: 60_000, max: 60_000 },
    })
    expect(await bridge.api.appInfo()).toEqual({ ok: true, value: 'app:info' })
    await expect.poll(() => server.pings()).toBeGreaterThanOrEqual(5)
    expect(bridge.status()).toEqual({ state: 'open' })

    const waiting = bridge.api.syncNow({ accountId: 'a1' })
    server.silence()
    const silentSince = Date.now()
    await expect.poll(() => bridge!.status().state).toBe('reconnecting')
    expect(Date.now() - silentSince).toBeLessThan(1000)
    expect(await waiting).toEqual({ ok: false, error: CONNECTION_LOST })
  })
})

describe('catching up after a reconnect', () => {
  it("announces the account list, each account's data as changed, and every sync state", async () => {
    const accounts = { accounts: [{ id: 'a1' }, { id: 'a2' }], lastActiveId: 'a1' }
    const states = [{ accountId: 'a1', status: 'idle' }, { accountId: 'a2', status: 'failed' }]
    scripted = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    await once(scripted, 'listening')
    scripted.on('connection', (socket) => {
      socket.on('message', (data) => {
        const text = data.toString()
        if (text === PING_FRAME) return socket.send(PONG_FRAME)
        const { id, channel } = JSON.parse(text) as { id: number; channel: string }
        const value = channel === 'accounts:list' ? accounts : channel === 'sync:states' ? states : channel
        socket.send(JSON.stringify({ id, result: ok(value) }))
      })
    })
    const port = (scripted.address() as AddressInfo).port
    bridge = createBridge({ connect: connectToPort(port), reconnectDelayMs: { first: 10, max: 10 } })
    const seen: Array<[string, unknown]> = []
    for (const event of ['accounts:changed', 'workspace:changed', 'sync:state'] as const) {
      bridge.api.on(event, (payload) => seen.push([event, payload]))
    }
    expect(await bridge.api.appInfo()).toMatchObject({ ok: true })
    expect(seen).toEqual([]) // the first open is no reconnect

    for (const client of scripted.clients) client.terminate()
    await expect.poll(() => seen.length).toBe(5)
    expect(seen).toEqual([
      ['accounts:changed', accounts],
      ['workspace:changed', { accountId: 'a1', sites: true, tags: true, events: true, changes: null }],
      ['workspace:changed', { accountId: 'a2', sites: true, tags: true, events: true, changes: null }],
      ['sync:state', states[0]],
      ['sync:state', states[1]],
    ])
  })
})

describe("the shell's side of the heartbeat", () => {
  it('answers a ping with a pong and keeps the socket open', async () => {
    const harness = await shell()
    const socket = await openSocket(harness)
    socket.send(PING_FRAME)
    expect(await nextMessage(socket)).toEqual(JSON.parse(PONG_FRAME))
    socket.send(JSON.stringify({ id: 1, channel: 'app:info' }))
    expect(await nextMessage(socket)).toMatchObject({ id: 1, result: { ok: true } })
    socket.close()
  })
})

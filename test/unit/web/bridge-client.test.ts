// The browser bridge's logic (window.api over the socket) against a real web shell server,
// with the `ws` package standing in for the browser's WebSocket.
import type WebSocket from 'ws'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { methodName, REQUEST_CHANNELS } from '../../../src/shared'
import { type Bridge, createBridge, STALE_READ_AGAIN_MS } from '../../../src/web/browser/bridge-client'
import { CONNECTION_LOST, NOT_CONNECTED } from '../../../src/web/browser/bridge-errors'
import type { Connect } from '../../../src/web/browser/reconnecting-socket'
import { wsConnect } from './bridge-ws-connect'
import { type Harness, startHarness } from './web-shell-harness'

let shell: Harness
let bridge: Bridge | null = null
/** Every socket the bridge opened, newest last, so a test can drop one. */
let sockets: WebSocket[] = []

beforeEach(async () => {
  shell = await startHarness()
  sockets = []
})
afterEach(async () => {
  bridge?.close()
  bridge = null
  await shell.close()
})

/** What the page's bridge does, with the cookie and Origin a browser would send. */
function connectTo(harness: Harness, headers?: Record<string, string>): Connect {
  return wsConnect(`ws://127.0.0.1:${harness.server.port}/__ws`, headers ?? { Cookie: harness.cookie, Origin: harness.server.origin }, sockets)
}

const fastRetry = { first: 20, max: 40 }

describe('browser bridge', () => {
  it('has one method per contract channel, plus on()', () => {
    bridge = createBridge({ connect: connectTo(shell), reconnectDelayMs: fastRetry })
    for (const channel of REQUEST_CHANNELS) {
      expect(typeof (bridge.api as unknown as Record<string, unknown>)[methodName(channel)]).toBe('function')
    }
    expect(typeof bridge.api.on).toBe('function')
    expect(Object.isFrozen(bridge.api)).toBe(true)
  })

  it('calls core through the socket and resolves with its Result', async () => {
    bridge = createBridge({ connect: connectTo(shell), reconnectDelayMs: fastRetry })
    expect(await bridge.api.appInfo()).toEqual({
      ok: true,
      value: { name: 'Site Manager', version: '9.8.7', shell: 'web', platform: 'linux' },
    })
    const missing = await bridge.api.syncSite({ accountId: 'a1', siteId: 4 })
    expect(missing).toEqual({ ok: false, error: { code: 'not_found', message: 'No such site.', status: 404 } })
    expect(shell.calls.at(-1)).toEqual({ channel: 'sync:site', input: { accountId: 'a1', siteId: 4 } })
  })

  it('delivers push events to listeners until they unsubscribe', async () => {
    bridge = createBridge({ connect: connectTo(shell), reconnectDelayMs: fastRetry })
    await bridge.api.appInfo() // connected
    const seen: unknown[] = []
    const off = bridge.api.on('events:new', (payload) => seen.push(payload))
    shell.push('events:new', { accountId: 'a1', events: [] })
    await expect.poll(() => seen.length).toBe(1)
    expect(seen[0]).toEqual({ accountId: 'a1', events: [] })
    off()
    shell.push('events:new', { accountId: 'a2', events: [] })
    await bridge.api.appInfo() // a round trip later the second push has surely arrived
    expect(seen).toHaveLength(1)
  })

  it('keeps each registration of the same listener apart, as the preload does', async () => {
    bridge = createBridge({ connect: connectTo(shell), reconnectDelayMs: fastRetry })
    await bridge.api.appInfo() // connected
    const seen: unknown[] = []
    const listener = (payload: unknown) => seen.push(payload)
    const offFirst = bridge.api.on('events:new', listener)
    const offSecond = bridge.api.on('events:new', listener)
    shell.push('events:new', { accountId: 'a1', events: [] })
    await expect.poll(() => seen.length).toBe(2)

    offFirst()
    shell.push('events:new', { accountId: 'a2', events: [] })
    await expect.poll(() => seen.length).toBe(3)
    expect(seen[2]).toEqual({ accountId: 'a2', events: [] })

    offSecond()
    shell.push('events:new', { accountId: 'a3', events: [] })
    await bridge.api.appInfo() // a round trip later the push has surely arrived
    expect(seen).toHaveLength(3)
  })

  it('refetches the account list after a reconnect, for the pushes missed meanwhile', async () => {
    bridge = createBridge({ connect: connectTo(shell), reconnectDelayMs: fastRetry })
    const seen: unknown[] = []
    bridge.api.on('accounts:changed', (payload) => seen.push(payload))
    await bridge.api.appInfo()
    // The first open is no reconnect: the renderer loads the list itself at start.
    expect(shell.calls.some((c) => c.channel === 'accounts:list')).toBe(false)

    sockets.at(-1)!.terminate()
    // A push while no socket is up reaches nobody...
    shell.push('accounts:changed', { accounts: [], lastActiveId: null })
    // ...so the reconnected bridge asks core (the stand-in answers ok(null)) and emits that.
    await expect.poll(() => seen).toEqual([null])
    expect(sockets.length).toBe(2)
    expect(shell.calls.filter((c) => c.channel === 'accounts:list')).toHaveLength(1)
  })

  it('refuses to listen to an event the contract does not have', () => {
    bridge = createBridge({ connect: connectTo(shell), reconnectDelayMs: fastRetry })
    expect(() => (bridge!.api.on as (e: string, l: () => void) => void)('fs:changed', () => {})).toThrow(TypeError)
  })

  it('fails a call in flight with a network error when the socket drops, then reconnects', async () => {
    bridge = createBridge({ connect: connectTo(shell), reconnectDelayMs: fastRetry })
    await bridge.api.appInfo()
    const pending = bridge.api.syncNow({ accountId: 'a1' }) // the stand-in core never answers this
    await expect.poll(() => shell.calls.some((c) => c.channel === 'sync:now')).toBe(true)
    sockets.at(-1)!.terminate()
    expect(await pending).toEqual({ ok: false, error: CONNECTION_LOST })
    await expect.poll(() => bridge!.status().state).toBe('open')
    expect(await bridge.api.appInfo()).toMatchObject({ ok: true })
    expect(sockets.length).toBeGreaterThan(1)
  })

  it('fails calls with a network error when the shell refuses the socket', async () => {
    bridge = createBridge({ connect: connectTo(shell, { Origin: 'http://evil.example' }), reconnectDelayMs: fastRetry })
    expect(await bridge.api.appInfo()).toEqual({ ok: false, error: NOT_CONNECTED })
  })
})

describe('browser bridge on primed answers', () => {
  const primedInfo = { ok: true as const, value: { name: 'Primed', version: '0.0.1', shell: 'web', platform: 'linux' } }
  const primed = { seq: 0, answers: [['app:info', primedInfo] as [string, typeof primedInfo]] }

  it('answers a primed call from the page while it is opening, without asking core', async () => {
    bridge = createBridge({ connect: connectTo(shell), reconnectDelayMs: fastRetry, primed, opening: () => true })
    expect(await bridge.api.appInfo()).toEqual(primedInfo)
    // Asked again, core answers.
    expect(await bridge.api.appInfo()).toMatchObject({ ok: true, value: { name: 'Site Manager' } })
  })

  it('asks core once the page is done opening: a primed answer may be out of date by then', async () => {
    let opening = true
    bridge = createBridge({ connect: connectTo(shell), reconnectDelayMs: fastRetry, primed, opening: () => opening })
    opening = false
    expect(await bridge.api.appInfo()).toMatchObject({ ok: true, value: { name: 'Site Manager' } })
    opening = true
    // Closed for good: the page does not become new again.
    expect(await bridge.api.appInfo()).toMatchObject({ ok: true, value: { name: 'Site Manager' } })
  })

  it('asks core once core said data changed, and the listeners hear the push first', async () => {
    bridge = createBridge({ connect: connectTo(shell), reconnectDelayMs: fastRetry, primed, opening: () => true })
    const heard: unknown[] = []
    bridge.api.on('workspace:changed', (payload) => heard.push(payload))
    await bridge.api.syncStates() // connected
    shell.push('workspace:changed', { accountId: 'a1', sites: true, tags: false, events: false, changes: null })
    await expect.poll(() => heard.length).toBe(1)
    expect(await bridge.api.appInfo()).toMatchObject({ ok: true, value: { name: 'Site Manager' } })
  })

  it('on kept answers from an earlier start, draws them, then reads everything again once they are used up', async () => {
    const kept = { ...primed, stale: true as const }
    bridge = createBridge({ connect: connectTo(shell), reconnectDelayMs: fastRetry, primed: kept, opening: () => true })
    const changed: unknown[] = []
    bridge.api.on('accounts:changed', (payload) => changed.push(payload))
    const before = shell.calls.length
    // The kept answer is drawn first, without core.
    expect(await bridge.api.appInfo()).toEqual(primedInfo)
    // Then the page is told everything changed (shared/catch-up-pushes.ts): the accounts and
    // sync states are asked of core, and the listeners read again.
    await expect.poll(() => shell.calls.slice(before).map((c) => c.channel).sort()).toEqual(['accounts:list', 'sync:states'])
    await expect.poll(() => changed.length).toBe(1)
  })

  it('on kept answers the page never asks for, reads everything again after a moment', async () => {
    const unasked = { seq: 0, answers: [['settings:get', { ok: true as const, value: null }] as [string, { ok: true; value: null }]], stale: true as const }
    let now = 0
    const timers: Array<{ at: number; run: () => void }> = []
    bridge = createBridge({
      connect: connectTo(shell),
      reconnectDelayMs: fastRetry,
      primed: unasked,
      opening: () => true,
      now: () => now,
      setTimer: (run, ms) => {
        const timer = { at: now + ms, run }
        timers.push(timer)
        return timer as never
      },
      clearTimer: (timer) => void timers.splice(timers.indexOf(timer as never), 1),
    })
    await bridge.api.syncStates() // connected
    const before = shell.calls.length
    now += STALE_READ_AGAIN_MS
    for (const timer of timers.filter((t) => t.at <= now)) timer.run()
    await expect.poll(() => shell.calls.slice(before).map((c) => c.channel).sort()).toEqual(['accounts:list', 'sync:states'])
  })
})

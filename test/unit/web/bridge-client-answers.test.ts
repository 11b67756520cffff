// The browser bridge against a scripted socket server on loopback, for answers the real shell
// never sends (unreadable ones, none at all): each call must still settle with a Result.
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import { afterEach, describe, expect, it } from 'vitest'
import { ok } from '../../../src/shared'
import { type Bridge, createBridge } from '../../../src/web/browser/bridge-client'
import { CALL_TIMED_OUT } from '../../../src/web/browser/bridge-errors'
import type { Connect } from '../../../src/web/browser/reconnecting-socket'
import { parseServerMessage, UNREADABLE_ANSWER } from '../../../src/web/protocol'
import { wsConnect } from './bridge-ws-connect'

interface Request {
  id: number
  channel: string
}

/** Answers each request as `answer` decides; undefined means no answer at all. */
type Script = (request: Request) => unknown

let server: WebSocketServer | null = null
let bridge: Bridge | null = null

afterEach(async () => {
  bridge?.close()
  bridge = null
  if (server) {
    for (const client of server.clients) client.terminate()
    server.close()
    await once(server, 'close')
    server = null
  }
})

async function startScriptedServer(script: Script): Promise<number> {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await once(server, 'listening')
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const request = JSON.parse(data.toString()) as Request
      const answer = script(request)
      if (answer !== undefined) socket.send(typeof answer === 'string' ? answer : JSON.stringify(answer))
    })
  })
  return (server.address() as AddressInfo).port
}

function connectTo(port: number): Connect {
  return wsConnect(`ws://127.0.0.1:${port}`)
}

describe('parseServerMessage', () => {
  it('turns an answer with a readable id but an unreadable result into a bad_response failure', () => {
    const expected = { id: 3, result: { ok: false, error: UNREADABLE_ANSWER } }
    expect(parseServerMessage('{"id":3,"result":"yes"}')).toEqual(expected)
    expect(parseServerMessage('{"id":3,"result":{"ok":false,"error":{"code":1}}}')).toEqual(expected)
    expect(parseServerMessage('{"id":3}')).toEqual(expected)
    // A code outside the closed set would show as a kind of failure the app cannot name.
    expect(parseServerMessage('{"id":3,"result":{"ok":false,"error":{"code":"exploded","message":"Boom."}}}')).toEqual(expected)
    expect(parseServerMessage('{"id":3,"result":{"ok":false,"error":{"code":"__proto__","message":"Boom."}}}')).toEqual(expected)
    expect(UNREADABLE_ANSWER.code).toBe('bad_response')
  })

  it('still drops frames it cannot tie to a call or an event', () => {
    expect(parseServerMessage('{"id":-1,"result":"yes"}')).toBeNull()
    expect(parseServerMessage('{"result":{"ok":true}}')).toBeNull()
    expect(parseServerMessage('not json')).toBeNull()
  })
})

describe('browser bridge answers', () => {
  it('settles a call whose answer has an unreadable result with bad_response', async () => {
    const port = await startScriptedServer(({ id, channel }) => {
      if (channel === 'app:info') return { id, result: 'not a Result' }
      if (channel === 'settings:get') return { id, result: { ok: false, error: { code: 'disk_on_fire', message: 'Boom.' } } }
      return { id, result: ok('fine') }
    })
    bridge = createBridge({ connect: connectTo(port) })
    expect(await bridge.api.appInfo()).toEqual({ ok: false, error: UNREADABLE_ANSWER })
    expect(await bridge.api.settingsGet()).toEqual({ ok: false, error: UNREADABLE_ANSWER })
    // The socket stays usable for the next call.
    expect(await bridge.api.accountsList()).toEqual({ ok: true, value: 'fine' })
  })

  it('gives up on a call the server never answers, and ignores its late answer', async () => {
    const held: Request[] = []
    let answerHeld: () => void = () => {}
    const port = await startScriptedServer((request) => {
      if (request.channel !== 'sync:now') return { id: request.id, result: ok(request.channel) }
      held.push(request)
      return undefined
    })
    server!.on('connection', (socket) => {
      answerHeld = () => {
        for (const { id } of held) socket.send(JSON.stringify({ id, result: ok('late') }))
      }
    })
    // The timeout's timing is tested with fake timers (bridge-rpc-client.test.ts); here a real
    // socket and a short one.
    bridge = createBridge({ connect: connectTo(port), callTimeoutMs: 20 })
    await expect.poll(() => bridge!.status().state).toBe('open')
    expect(await bridge.api.syncNow({ accountId: 'a1' })).toEqual({ ok: false, error: CALL_TIMED_OUT })
    expect(held).toHaveLength(1)
    expect(CALL_TIMED_OUT.code).toBe('timeout')

    answerHeld()
    // The late answer settles nothing and disturbs no later call.
    expect(await bridge.api.appInfo()).toEqual({ ok: true, value: 'app:info' })
  })

  it('clears the timeout of a call once it is answered', async () => {
    const port = await startScriptedServer(({ id }) => ({ id, result: ok(null) }))
    const pending = new Set<unknown>()
    let started = 0
    let fired = 0
    bridge = createBridge({
      connect: connectTo(port),
      callTimeoutMs: 60_000,
      heartbeat: false,
      setTimer: (run, ms) => {
        const timer = setTimeout(() => {
          pending.delete(timer)
          fired++
          run()
        }, ms)
        pending.add(timer)
        started++
        return timer
      },
      clearTimer: (timer) => {
        pending.delete(timer)
        clearTimeout(timer as ReturnType<typeof setTimeout>)
      },
    })
    await bridge.api.appInfo()
    await bridge.api.accountsList()
    expect(started).toBe(3) // one per call, and the first socket's opening deadline
    expect(pending.size).toBe(0)
    expect(fired).toBe(0)
  })
})

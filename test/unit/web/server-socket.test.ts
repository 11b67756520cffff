// The web shell's WebSocket side over real loopback sockets: who may connect, and the
// request/answer/push protocol that carries the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, nextMessage, openSocket, recordingLogger, startHarness, TOKEN, upgradeStatus } from './web-shell-harness'

let shell: Harness
const logger = recordingLogger()
beforeAll(async () => {
  shell = await startHarness({ logger })
})
afterAll(async () => {
  await shell.close()
})

const socketUrl = () => `ws://127.0.0.1:${shell.server.port}/__ws`

describe('web shell socket: who may connect', () => {
  it('refuses a socket without the token', async () => {
    expect(await upgradeStatus(socketUrl(), { Origin: shell.server.origin })).toBe(401)
  })

  it('refuses a socket with a wrong token', async () => {
    expect(await upgradeStatus(`${socketUrl()}?token=wrong-token-0123456789`, { Origin: shell.server.origin })).toBe(403)
  })

  it('refuses a socket from a foreign Origin even with the token', async () => {
    const foreign = ['http://evil.example', `http://localhost:${shell.server.port}`, 'http://127.0.0.1:1', 'null']
    for (const origin of foreign) {
      expect(await upgradeStatus(socketUrl(), { Cookie: shell.cookie, Origin: origin })).toBe(403)
    }
    expect(await upgradeStatus(`${socketUrl()}?token=${TOKEN}`, { Origin: 'http://evil.example' })).toBe(403)
  })

  it('refuses a socket with no Origin at all', async () => {
    expect(await upgradeStatus(socketUrl(), { Cookie: shell.cookie })).toBe(403)
  })

  it('refuses other socket paths', async () => {
    const url = `ws://127.0.0.1:${shell.server.port}/other`
    expect(await upgradeStatus(url, { Cookie: shell.cookie, Origin: shell.server.origin })).toBe(404)
  })

  it('accepts the token by cookie or query from its own Origin', async () => {
    expect(await upgradeStatus(socketUrl(), { Cookie: shell.cookie, Origin: shell.server.origin })).toBe(101)
    expect(await upgradeStatus(`${socketUrl()}?token=${TOKEN}`, { Origin: shell.server.origin })).toBe(101)
  })
})

describe('web shell socket: the protocol', () => {
  it('answers app:info with core\'s Result', async () => {
    const socket = await openSocket(shell)
    socket.send(JSON.stringify({ id: 1, channel: 'app:info' }))
    expect(await nextMessage(socket)).toEqual({
      id: 1,
      result: { ok: true, value: { name: 'Site Manager', version: '9.8.7', shell: 'web', platform: 'linux' } },
    })
    socket.close()
  })

  it('hands the input to core unchanged and passes errors on as data', async () => {
    const socket = await openSocket(shell)
    socket.send(JSON.stringify({ id: 7, channel: 'sync:site', input: { accountId: 'a1', siteId: 3 } }))
    expect(await nextMessage(socket)).toEqual({
      id: 7,
      result: { ok: false, error: { code: 'not_found', message: 'No such site.', status: 404 } },
    })
    expect(shell.calls.at(-1)).toEqual({ channel: 'sync:site', input: { accountId: 'a1', siteId: 3 } })
    socket.close()
  })

  it('answers an unknown channel with an invalid_input error, without calling core', async () => {
    const socket = await openSocket(shell)
    const before = shell.calls.length
    socket.send(JSON.stringify({ id: 2, channel: 'fs:readFile', input: { path: '/etc/passwd' } }))
    const answer = await nextMessage(socket)
    expect(answer.id).toBe(2)
    expect(answer.result.ok).toBe(false)
    expect(answer.result.error.code).toBe('invalid_input')
    expect(shell.calls.length).toBe(before)
    socket.close()
  })

  it.each([
    ['not json', 'The frame is not JSON.'],
    ['[1,2]', 'The frame is not a JSON object.'],
    ['{"channel":"app:info"}', 'The frame has no "id" (a whole number from 0).'],
    ['{"id":-1,"channel":"app:info"}', 'The frame has no "id" (a whole number from 0).'],
    ['{"id":1}', 'The frame has no "channel" name.'],
  ])('closes the socket on a frame that is not a request, saying why: %s', async (frame, reason) => {
    const socket = await openSocket(shell)
    const closed = new Promise<[number, string]>((resolve) => socket.once('close', (code, why) => resolve([code, why.toString()])))
    socket.send(frame)
    expect(await closed).toEqual([1008, reason])
    expect(logger.lines.at(-1)).toEqual({
      level: 'warn',
      message: 'Closed a socket that sent a frame that is not a request',
      fields: { reason },
    })
  })

  it('closes the socket on a binary frame, saying why', async () => {
    const socket = await openSocket(shell)
    const closed = new Promise<[number, string]>((resolve) => socket.once('close', (code, why) => resolve([code, why.toString()])))
    socket.send(Buffer.from('{"id":1,"channel":"app:info"}'))
    expect(await closed).toEqual([1008, 'The frame is binary; only text frames are read.'])
  })

  it('delivers core push events to every open socket', async () => {
    const [a, b] = await Promise.all([openSocket(shell), openSocket(shell)])
    const gotA = nextMessage(a)
    const gotB = nextMessage(b)
    const state = {
      accountId: 'a1',
      status: 'syncing' as const,
      progress: { done: 2, total: 5 },
      error: null,
      lastSyncedAt: null,
      lastAttemptAt: null,
      notice: null,
      backfilling: false,
    }
    shell.push('sync:state', state)
    const expected = { event: 'sync:state', payload: state }
    expect(await gotA).toEqual(expected)
    expect(await gotB).toEqual(expected)
    a.close()
    b.close()
  })
})

describe('web shell socket: what is written down', () => {
  it('logs a refused socket with its reason, host and origin, and never the token', async () => {
    const before = logger.lines.length
    await upgradeStatus(`${socketUrl()}?token=${TOKEN}`, { Origin: 'http://evil.example' })
    const line = logger.lines.slice(before).find((l) => l.message === 'Refused a socket')
    expect(line?.fields).toEqual({
      status: 403,
      reason: 'Connections from other pages are refused.',
      method: 'GET',
      path: '/__ws',
      host: `127.0.0.1:${shell.server.port}`,
      origin: 'http://evil.example',
    })
    expect(JSON.stringify(logger.lines)).not.toContain(TOKEN)
  })

  it('logs a call of a channel the app does not have', async () => {
    const socket = await openSocket(shell)
    socket.send(JSON.stringify({ id: 3, channel: 'fs:readFile', input: { path: '/etc/passwd' } }))
    await nextMessage(socket)
    expect(logger.lines.at(-1)).toEqual({
      level: 'warn',
      message: 'A page asked for a channel the app does not have',
      fields: { channel: 'fs:readFile' },
    })
    socket.close()
  })
})

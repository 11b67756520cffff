// The bridge's RPC layer on its own, with a scripted socket and vitest's fake timers: answers
// find their calls by id whatever their order, a call with no answer settles with 'timeout',
// and whatever the shell sends back, every call settles with a Result of the closed set.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { APP_ERROR_CODES, ok, type PushEvent, type Result } from '../../../src/shared'
import { CALL_TIMED_OUT, CONNECTION_LOST, NOT_CONNECTED, UNSENDABLE_INPUT } from '../../../src/web/browser/bridge-errors'
import { systemClock } from '../../../src/web/browser/clock'
import { RpcClient } from '../../../src/web/browser/rpc-client'
import { UNREADABLE_ANSWER } from '../../../src/web/protocol'

interface Sent {
  id: number
  channel: string
  input?: unknown
}

/** An RpcClient over a socket that records frames; `up` false refuses them, as a lost shell does. */
function scriptedClient(options: { callTimeoutMs?: number; up?: boolean } = {}) {
  const frames: string[] = []
  const withdrawn: string[] = []
  const pushes: Array<[PushEvent, unknown]> = []
  const state = { up: options.up ?? true }
  const rpc = new RpcClient({
    send: (text) => {
      if (!state.up) return null
      frames.push(text)
      return () => withdrawn.push(text)
    },
    onPush: (event, payload) => pushes.push([event, payload]),
    callTimeoutMs: options.callTimeoutMs ?? 1000,
    clock: systemClock,
  })
  const sent = (): Sent[] => frames.map((text) => JSON.parse(text) as Sent)
  const answer = (id: number, result: unknown) => rpc.receive(JSON.stringify({ id, result }))
  return { rpc, frames, withdrawn, pushes, state, sent, answer }
}

/** Settles-or-not, without waiting: what a promise has resolved to by now. */
async function settledValue<T>(promise: Promise<T>): Promise<T | 'pending'> {
  return Promise.race([promise, Promise.resolve('pending' as const)])
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the RPC client', () => {
  it('sends each call as one frame with its own id, leaving out an absent input', () => {
    const { rpc, sent } = scriptedClient()
    void rpc.request('app:info', undefined)
    void rpc.request('sync:now', { accountId: 'a1' })
    expect(sent()).toEqual([
      { id: 1, channel: 'app:info' },
      { id: 2, channel: 'sync:now', input: { accountId: 'a1' } },
    ])
  })

  it('settles each call with the answer carrying its id, whatever order the answers come in', async () => {
    const { rpc, answer } = scriptedClient()
    const first = rpc.request('app:info', undefined)
    const second = rpc.request('accounts:list', undefined)
    const third = rpc.request('sync:states', undefined)
    answer(3, ok('third'))
    answer(1, ok('first'))
    answer(2, { ok: false, error: { code: 'not_found', message: 'No such thing.', status: 404 } })
    expect(await first).toEqual(ok('first'))
    expect(await second).toEqual({ ok: false, error: { code: 'not_found', message: 'No such thing.', status: 404 } })
    expect(await third).toEqual(ok('third'))
  })

  it('settles a call with no answer with timeout once its time is up, not before, and ignores the late answer', async () => {
    const { rpc, answer } = scriptedClient({ callTimeoutMs: 1000 })
    const waiting = rpc.request('sync:now', { accountId: 'a1' })
    await vi.advanceTimersByTimeAsync(999)
    expect(await settledValue(waiting)).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(await waiting).toEqual({ ok: false, error: CALL_TIMED_OUT })

    // The late answer settles nothing, and the next call gets its own.
    answer(1, ok('late'))
    const next = rpc.request('app:info', undefined)
    answer(2, ok('on time'))
    expect(await next).toEqual(ok('on time'))
  })

  it('withdraws the frame of a call given up, so a socket still opening never sends it', async () => {
    const { rpc, frames, withdrawn } = scriptedClient({ callTimeoutMs: 50 })
    void rpc.request('sites:delete', { accountId: 'a1', siteId: 7 })
    await vi.advanceTimersByTimeAsync(50)
    expect(withdrawn).toEqual(frames)
  })

  it('stops the timer of an answered call', async () => {
    const { rpc, answer } = scriptedClient()
    const call = rpc.request('app:info', undefined)
    expect(vi.getTimerCount()).toBe(1)
    answer(1, ok('fine'))
    expect(await call).toEqual(ok('fine'))
    expect(vi.getTimerCount()).toBe(0)
  })

  it('fails a call at once with a network error when no socket is up, starting no timer', async () => {
    const { rpc, frames } = scriptedClient({ up: false })
    expect(await rpc.request('app:info', undefined)).toEqual({ ok: false, error: NOT_CONNECTED })
    expect(frames).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('fails every waiting call with the error it is given when the socket goes, and only those', async () => {
    const { rpc, answer } = scriptedClient()
    const answered = rpc.request('app:info', undefined)
    answer(1, ok('done'))
    const a = rpc.request('sync:now', { accountId: 'a1' })
    const b = rpc.request('sync:now', { accountId: 'a2' })
    rpc.failAll(CONNECTION_LOST)
    expect(await answered).toEqual(ok('done'))
    expect(await a).toEqual({ ok: false, error: CONNECTION_LOST })
    expect(await b).toEqual({ ok: false, error: CONNECTION_LOST })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('settles with invalid_input, sending nothing, when the input cannot be written as JSON', async () => {
    const { rpc, frames } = scriptedClient()
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(await rpc.request('prefs:set', { key: 'k', value: cyclic })).toEqual({ ok: false, error: UNSENDABLE_INPUT })
    expect(await rpc.request('prefs:set', { key: 'k', value: 10n })).toEqual({ ok: false, error: UNSENDABLE_INPUT })
    expect(frames).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('hands push frames of the contract to onPush, and drops unknown events and frames it cannot read', () => {
    const { rpc, pushes } = scriptedClient()
    rpc.receive(JSON.stringify({ event: 'sync:state', payload: { accountId: 'a1' } }))
    rpc.receive(JSON.stringify({ event: 'fs:changed', payload: {} }))
    rpc.receive(JSON.stringify({ event: '__proto__', payload: {} }))
    rpc.receive('not json')
    rpc.receive('[1,2,3]')
    expect(pushes).toEqual([['sync:state', { accountId: 'a1' }]])
  })
})

describe('answers the renderer could not show', () => {
  // An error code outside the closed set would reach describeError as a kind it cannot name.
  it.each([
    ['an unknown code', { code: 'exploded', message: 'Boom.' }],
    ['an empty code', { code: '', message: 'Boom.' }],
    ['a code in another case', { code: 'NOT_FOUND', message: 'Boom.' }],
    ['a numeric code', { code: 404, message: 'Boom.' }],
    ['no code', { message: 'Boom.' }],
    ['a code of the prototype', { code: 'toString', message: 'Boom.' }],
    ['no message', { code: 'not_found' }],
    ['a message that is no text', { code: 'not_found', message: { text: 'Boom.' } }],
    ['fields that are no lists of text', { code: 'validation', message: 'Check the form.', fields: { name: 'Too short.' } }],
    ['a status that is no number', { code: 'server', message: 'Down.', status: '500' }],
    ['a wait that is no number', { code: 'rate_limited', message: 'Slow down.', retryAfterMs: 'soon' }],
    ['an error that is a string', 'not_found'],
    ['no error at all', undefined],
  ])('settles an answer with %s as bad_response', async (_, error) => {
    const { rpc, answer } = scriptedClient()
    const call = rpc.request('app:info', undefined)
    answer(1, { ok: false, error })
    expect(await call).toEqual({ ok: false, error: UNREADABLE_ANSWER })
  })

  it.each(APP_ERROR_CODES)('passes an error with the code %s on as it came', async (code) => {
    const { rpc, answer } = scriptedClient()
    const call = rpc.request('app:info', undefined)
    const error = { code, message: 'A sentence.', status: 500, fields: { name: ['Too short.'] }, retryAfterMs: 1000 }
    answer(1, { ok: false, error })
    expect(await call).toEqual({ ok: false, error })
  })

  it('settles answers that are no Result at all as bad_response, each still its own call', async () => {
    const { rpc, answer } = scriptedClient()
    const shapes: unknown[] = ['yes', null, 42, [], { ok: 'true' }, { value: 1 }]
    const calls: Array<Promise<Result<unknown>>> = shapes.map(() => rpc.request('app:info', undefined))
    shapes.forEach((shape, index) => answer(index + 1, shape))
    rpc.receive('{"id":99}') // an id no call has: settles nothing
    for (const call of calls) expect(await call).toEqual({ ok: false, error: UNREADABLE_ANSWER })
  })
})

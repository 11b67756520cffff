// createApi, the one builder of window.api for every shell and the renderer tests' fake: one
// method per contract channel forwarding at most one input, `on` for the contract's push
// events only, and a frozen object.
import { describe, expect, it, vi } from 'vitest'
import {
  createApi,
  isPushEvent,
  isRequestChannel,
  methodName,
  PUSH_EVENTS,
  REQUEST_CHANNELS,
  type Invoke,
  type PushEvent,
  type Subscribe,
} from '../../../src/shared'

/** A transport that records what reaches it: the calls invoked and the listeners registered. */
function recordingTransport() {
  const invoked: Array<{ channel: string; args: unknown[] }> = []
  const listeners = new Map<PushEvent, Array<(payload: unknown) => void>>()
  const invoke: Invoke = (...args) => {
    invoked.push({ channel: args[0], args: args.slice(1) })
    return Promise.resolve({ ok: true, value: `answer of ${args[0]}` })
  }
  const subscribe: Subscribe = (event, listener) => {
    listeners.set(event, [...(listeners.get(event) ?? []), listener])
    return () => listeners.set(event, (listeners.get(event) ?? []).filter((l) => l !== listener))
  }
  const emit = (event: PushEvent, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args)
  }
  return { invoked, listeners, invoke, subscribe, emit }
}

type LooseApi = Record<string, (...args: unknown[]) => unknown>

describe('createApi', () => {
  it("has exactly one method per contract channel, plus 'on', and is frozen", () => {
    const transport = recordingTransport()
    const api = createApi(transport.invoke, transport.subscribe) as unknown as LooseApi
    expect(Object.keys(api).sort()).toEqual([...REQUEST_CHANNELS.map((c) => methodName(c)), 'on'].sort())
    for (const value of Object.values(api)) expect(typeof value).toBe('function')
    expect(Object.isFrozen(api)).toBe(true)
    // Modules run in strict mode, where writing a frozen property throws.
    expect(() => {
      api.appInfo = () => 'replaced'
    }).toThrow(TypeError)
  })

  it.each(REQUEST_CHANNELS)("%s: its method invokes that channel with the one input given, and answers the transport's Result", async (channel) => {
    const transport = recordingTransport()
    const api = createApi(transport.invoke, transport.subscribe) as unknown as LooseApi
    const input = { accountId: 'a1', extra: channel }
    const answer = await api[methodName(channel)]!(input, 'a second argument the page should not pass on')
    expect(answer).toEqual({ ok: true, value: `answer of ${channel}` })
    expect(transport.invoked).toEqual([{ channel, args: [input] }])
  })

  it('forwards a call without input as an undefined input', async () => {
    const transport = recordingTransport()
    const api = createApi(transport.invoke, transport.subscribe)
    await api.appInfo()
    expect(transport.invoked).toEqual([{ channel: 'app:info', args: [undefined] }])
  })

  it('hands a listener the payload only, whatever else the transport passes, until it unsubscribes', () => {
    const transport = recordingTransport()
    const api = createApi(transport.invoke, transport.subscribe)
    const received: unknown[][] = []
    const off = api.on('sync:state', (...args: unknown[]) => received.push(args))
    transport.emit('sync:state', { accountId: 'a1' }, { sender: 'the raw transport' })
    expect(received).toEqual([[{ accountId: 'a1' }]])
    off()
    transport.emit('sync:state', { accountId: 'a2' })
    expect(received).toHaveLength(1)
    expect(transport.listeners.get('sync:state')).toEqual([])
  })

  it('registers the same function twice as two registrations, each removed by its own unsubscribe', () => {
    const transport = recordingTransport()
    const api = createApi(transport.invoke, transport.subscribe)
    const listener = vi.fn()
    const offFirst = api.on('events:new', listener)
    api.on('events:new', listener)
    transport.emit('events:new', 'one')
    expect(listener).toHaveBeenCalledTimes(2)
    offFirst()
    transport.emit('events:new', 'two')
    expect(listener).toHaveBeenCalledTimes(3)
    expect(listener).toHaveBeenLastCalledWith('two')
  })

  it.each(PUSH_EVENTS)('accepts the push event %s', (event) => {
    const transport = recordingTransport()
    createApi(transport.invoke, transport.subscribe).on(event, () => {})
    expect(transport.listeners.get(event)).toHaveLength(1)
  })

  it.each(['sites:list', 'accounts:add', 'anything', '', 'constructor', '__proto__', 'toString', 42, null, undefined])(
    'refuses to subscribe to %s, registering nothing',
    (event) => {
      const transport = recordingTransport()
      const api = createApi(transport.invoke, transport.subscribe) as unknown as LooseApi
      expect(() => api.on!(event, () => {})).toThrow(new TypeError(`Unknown push event "${String(event)}".`))
      expect(transport.listeners.size).toBe(0)
    },
  )

  it.each(['alert(1)', null, undefined, {}])('refuses a listener that is not a function (%s)', (listener) => {
    const transport = recordingTransport()
    const api = createApi(transport.invoke, transport.subscribe) as unknown as LooseApi
    expect(() => api.on!('events:new', listener)).toThrow(new TypeError('on() needs a listener function.'))
    expect(transport.listeners.size).toBe(0)
  })
})

describe('the channel name guards', () => {
  it('know every contract channel and push event, and nothing else', () => {
    for (const channel of REQUEST_CHANNELS) expect(isRequestChannel(channel)).toBe(true)
    for (const event of PUSH_EVENTS) expect(isPushEvent(event)).toBe(true)
    for (const name of ['', 'fs:readFile', 'constructor', '__proto__', 'hasOwnProperty', 7, null, undefined, {}, ['app:info']]) {
      expect(isRequestChannel(name)).toBe(false)
      expect(isPushEvent(name)).toBe(false)
    }
    // A channel is no push event, and a push event no channel.
    expect(isPushEvent(REQUEST_CHANNELS[0])).toBe(false)
    expect(isRequestChannel(PUSH_EVENTS[0])).toBe(false)
  })
})

// Core's answers to a window's kept first calls, made ahead: asked once each, handed out once,
// by a deadline, and only while they hold (a push that says data changed drops them).
import { describe, expect, it } from 'vitest'
import { fail, ok, type ChannelHandlers, type Result } from '../../../../src/shared'
import { answerAhead, warmUpWith } from '../../../../src/core/first-screen'
import { PushEmitter } from '../../../../src/core/util/push-emitter'

/** Handlers that answer with the channel's name (and its input), counting the calls. */
function handlersOf(overrides: Record<string, (input: unknown) => Promise<Result<unknown>>> = {}) {
  const asked: string[] = []
  const answer = (channel: string) => async (input: unknown) => {
    asked.push(channel)
    return ok(input === undefined ? channel : { channel, input })
  }
  const handlers = {
    'app:info': answer('app:info'),
    'accounts:list': answer('accounts:list'),
    'prefs:get': answer('prefs:get'),
    'sync:states': answer('sync:states'),
    ...overrides,
  } as unknown as ChannelHandlers
  return { handlers, asked }
}

describe("core's answers made ahead", () => {
  it('asks each call once at once, and hands the answers out once', async () => {
    const { handlers, asked } = handlersOf()
    const ahead = answerAhead({ handlers }, [{ channel: 'app:info' }, { channel: 'prefs:get', input: { key: 'a' } }, { channel: 'app:info' }, { channel: 'no:such' }])
    expect(asked).toEqual(['app:info', 'prefs:get'])
    expect(await ahead.take()).toEqual([
      ['app:info', ok('app:info')],
      ['prefs:get {"key":"a"}', ok({ channel: 'prefs:get', input: { key: 'a' } })],
    ])
    expect(await ahead.take()).toEqual([])
  })

  it('leaves out failed answers, thrown ones and those not ready by the deadline', async () => {
    const { handlers } = handlersOf({
      'accounts:list': async () => fail({ code: 'internal', message: 'broken' }),
      'prefs:get': async () => {
        throw new Error('core threw')
      },
      'sync:states': () => new Promise<Result<unknown>>(() => {}),
    })
    const ahead = answerAhead({ handlers }, [{ channel: 'app:info' }, { channel: 'accounts:list' }, { channel: 'prefs:get' }, { channel: 'sync:states' }])
    expect(await ahead.take(20)).toEqual([['app:info', ok('app:info')]])
  })

  it('drops what a push makes untrue while the answers wait, even those still being made', async () => {
    const emitter = new PushEmitter()
    let answerStates: (result: Result<unknown>) => void = () => {}
    const { handlers } = handlersOf({ 'sync:states': () => new Promise<Result<unknown>>((resolve) => (answerStates = resolve)) })
    const ahead = answerAhead({ handlers, on: (event, listener) => emitter.on(event, listener) }, [{ channel: 'app:info' }, { channel: 'sync:states' }])
    emitter.emit('sync:state', { accountId: 'a1', status: 'syncing' } as never)
    answerStates(ok(['made before the push']))
    expect(await ahead.take()).toEqual([['app:info', ok('app:info')]])

    const later = answerAhead({ handlers, on: (event, listener) => emitter.on(event, listener) }, [{ channel: 'app:info' }])
    await Promise.resolve()
    emitter.emit('workspace:changed', { accountId: 'a1' } as never)
    expect(await later.take()).toEqual([])
  })

  it('stops listening once taken or dropped', async () => {
    let listening = 0
    const on = () => {
      listening += 1
      return () => (listening -= 1)
    }
    const { handlers } = handlersOf()
    const taken = answerAhead({ handlers, on }, [{ channel: 'app:info' }])
    const dropped = answerAhead({ handlers, on }, [{ channel: 'app:info' }])
    expect(listening).toBeGreaterThan(0)
    await taken.take()
    dropped.drop()
    expect(listening).toBe(0)
    expect(await dropped.take()).toEqual([])
  })
})

describe('warming core up with the kept calls', () => {
  it('asks each call once, one after another, with a turn of the event loop before each (a request arriving meanwhile is served between two)', async () => {
    const log: string[] = []
    const slow = (channel: string) => async () => {
      log.push(`${channel} asked`)
      // A request reaches the shell while this call's cold read runs.
      if (channel === 'accounts:list') setImmediate(() => log.push('request served'))
      return ok(channel)
    }
    const { handlers } = handlersOf({ 'accounts:list': slow('accounts:list'), 'app:info': slow('app:info'), 'sync:states': slow('sync:states') })
    const warming = warmUpWith(handlers, [{ channel: 'accounts:list' }, { channel: 'app:info' }, { channel: 'accounts:list' }, { channel: 'no:such' }, { channel: 'sync:states' }])
    // Nothing is asked in the turn that started it: the shell finishes starting first.
    expect(log).toEqual([])
    await warming
    expect(log).toEqual(['accounts:list asked', 'request served', 'app:info asked', 'sync:states asked'])
  })

  it('goes on past a call that throws', async () => {
    const { handlers, asked } = handlersOf({
      'accounts:list': async () => {
        throw new Error('broken')
      },
    })
    await warmUpWith(handlers, [{ channel: 'accounts:list' }, { channel: 'app:info' }])
    expect(asked).toEqual(['app:info'])
  })
})

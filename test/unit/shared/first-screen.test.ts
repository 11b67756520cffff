// The parts of the head start both shells share: a call's key, the notes of a page's opening
// calls, and the page's book that answers each primed call once while the answers hold.
import { describe, expect, it } from 'vitest'
import { fail, ok } from '../../../src/shared'
import {
  callKey,
  isPrimedAnswerList,
  MAX_FIRST_CALLS,
  OpeningCalls,
  PrimedAnswerBook,
  readFirstCalls,
  SPOILING_PUSHES,
} from '../../../src/shared/first-screen'

describe('a call key', () => {
  it('is the channel, and its input as JSON when it has one', () => {
    expect(callKey('app:info', undefined)).toBe('app:info')
    expect(callKey('prefs:get', { key: 'a' })).toBe('prefs:get {"key":"a"}')
  })
})

describe("a page's opening calls", () => {
  it('are reads only, once each, up to the bound', () => {
    const calls = new OpeningCalls()
    expect(calls.note('sites:delete', { accountId: 'a', ids: [1] })).toBe(false)
    calls.note('app:info', undefined)
    calls.note('prefs:get', { key: 'a' })
    calls.note('prefs:get', { key: 'a' })
    expect(calls.calls()).toEqual([{ channel: 'app:info' }, { channel: 'prefs:get', input: { key: 'a' } }])
    const full = Array.from({ length: MAX_FIRST_CALLS + 3 }, (_, n) => calls.note('prefs:get', { key: `k${n}` }))
    expect(full.indexOf(true)).toBe(MAX_FIRST_CALLS - 3)
    expect(calls.full()).toBe(true)
    expect(calls.calls()).toHaveLength(MAX_FIRST_CALLS)
  })

  it('are read back from elsewhere only as far as they are calls on a read', () => {
    expect(readFirstCalls({ channel: 'app:info' })).toEqual([])
    expect(
      readFirstCalls([null, 'app:info', { channel: 7 }, { channel: 'sites:delete', input: {} }, { channel: 'app:info' }, { channel: 'prefs:get', input: { key: 'a' } }]),
    ).toEqual([{ channel: 'app:info' }, { channel: 'prefs:get', input: { key: 'a' } }])
  })
})

describe("the page's book of primed answers", () => {
  it('answers each primed call once, and nothing else', () => {
    const book = new PrimedAnswerBook([[callKey('prefs:get', { key: 'a' }), ok(1)]])
    expect(book.take('prefs:get', { key: 'b' })).toBeUndefined()
    expect(book.take('prefs:get', { key: 'a' })).toEqual(ok(1))
    expect(book.take('prefs:get', { key: 'a' })).toBeUndefined()
    expect(new PrimedAnswerBook().take('app:info', undefined)).toBeUndefined()
  })

  it('answers nothing once closed, not even what is added after', () => {
    const book = new PrimedAnswerBook([['app:info', ok('info')]])
    book.close()
    book.add('sync:states', ok([]))
    expect(book.take('app:info', undefined)).toBeUndefined()
    expect(book.left()).toEqual([])
  })

  it('drops everything on a push that says data changed', () => {
    const book = new PrimedAnswerBook([['app:info', ok('info')]])
    book.heard('workspace:changed')
    book.add('accounts:list', ok([]))
    expect(book.left()).toEqual([])
  })

  it("drops only the answers of the reads a sync's, an event's or a notice's push concerns, even those still to come", () => {
    const book = new PrimedAnswerBook([
      ['sync:states', ok(['idle'])],
      [callKey('events:query', { limit: 5 }), ok([])],
      ['app:info', ok('info')],
    ])
    book.heard('sync:state')
    book.heard('events:new')
    book.heard('report:progress')
    book.add('sync:states', ok(['syncing']))
    book.add('app:notices', fail({ code: 'internal', message: 'kept as made' }))
    expect(book.left()).toEqual([
      ['app:info', ok('info')],
      ['app:notices', fail({ code: 'internal', message: 'kept as made' })],
    ])
    book.heard('app:notice')
    expect(book.left()).toEqual([['app:info', ok('info')]])
  })

  it('names every push that drops an answer', () => {
    expect([...SPOILING_PUSHES].sort()).toEqual(
      ['accounts:changed', 'app:notice', 'attention:summary', 'events:new', 'health:changed', 'sync:state', 'workspace:changed'].sort(),
    )
  })
})

describe('a list of primed answers from main', () => {
  it('is a list of [key, Result] pairs, and nothing else', () => {
    expect(isPrimedAnswerList([])).toBe(true)
    expect(isPrimedAnswerList([['app:info', ok('info')], ['x', fail({ code: 'internal', message: 'm' })]])).toBe(true)
    for (const value of [null, { ok: true, value: 'answer' }, [['app:info']], [[1, ok(1)]], [['a', null]], [['a', { ok: 'yes' }]], ['a']]) {
      expect(isPrimedAnswerList(value)).toBe(false)
    }
  })
})

describe('a call whose input JSON cannot carry', () => {
  it('is neither noted nor answered, and does not throw', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    const calls = new OpeningCalls()
    expect(calls.note('prefs:get', cyclic)).toBe(false)
    expect(calls.note('prefs:get', { n: 1n })).toBe(false)
    expect(calls.calls()).toEqual([])
    const book = new PrimedAnswerBook([['app:info', ok('info')]])
    expect(book.take('prefs:get', cyclic)).toBeUndefined()
    expect(book.left()).toHaveLength(1)
  })
})

// The parts of the web shell's head start on their own: the data block's text (no page markup
// can end it early), the RPC client that answers from the page's book and tells the shell, the
// pushes log with its bound, and core's answers made by a deadline. The book and the notebook
// both shells use are tested in test/unit/shared/first-screen.test.ts and
// test/unit/core/first-screen/.
import { describe, expect, it } from 'vitest'
import { fail, ok, type ChannelHandlers, type Result } from '../../../src/shared'
import { systemClock } from '../../../src/web/browser/clock'
import { PrimedAnswerBook, takePrimedAnswers } from '../../../src/web/browser/primed-answers'
import { RpcClient } from '../../../src/web/browser/rpc-client'
import { primeAnswers } from '../../../src/web/primed-answers'
import { callKey, encodePrimedAnswers, parsePrimedAnswers, parseRequestMessage, PRIMED_ANSWERS_ID } from '../../../src/web/protocol'
import { PushLog } from '../../../src/web/push-log'

describe('the primed answers data block', () => {
  it('cannot be ended or bent by what the answers hold, and reads back the same', () => {
    const value = { name: '</script><script>alert(1)</script><!-- \u2028\u2029' }
    const text = encodePrimedAnswers({ seq: 4, answers: [[callKey('app:info', undefined), ok(value)]] })
    expect(text).not.toMatch(/[<\u2028\u2029]/)
    expect(parsePrimedAnswers(text)).toEqual({ seq: 4, answers: [['app:info', { ok: true, value }]] })
  })

  it('refuses a block that is not primed answers', () => {
    for (const text of ['', 'nope', '[]', '{"seq":-1,"answers":[]}', '{"seq":1,"answers":[["k",{"ok":"yes"}]]}', '{"seq":1,"answers":[[1,{"ok":true}]]}']) {
      expect(parsePrimedAnswers(text)).toBeNull()
    }
  })

  it('is taken out of the page once read', () => {
    let removed = false
    const block = { textContent: encodePrimedAnswers({ seq: 0, answers: [] }), remove: () => (removed = true) }
    const page = { getElementById: (id: string) => (id === PRIMED_ANSWERS_ID ? block : null) }
    expect(takePrimedAnswers(page)).toEqual({ seq: 0, answers: [] })
    expect(removed).toBe(true)
    expect(takePrimedAnswers({ getElementById: () => null })).toBeNull()
  })

  it('keys a call by its channel and its input as JSON, at both ends alike', () => {
    expect(callKey('prefs:get', { key: 'a' })).toBe('prefs:get {"key":"a"}')
    const parsed = parseRequestMessage(JSON.stringify({ id: 1, channel: 'prefs:get', input: { key: 'a' }, opening: true, answered: true }))
    expect(parsed).toEqual({ ok: true, message: { id: 1, channel: 'prefs:get', input: { key: 'a' }, opening: true, answered: true } })
    if (parsed.ok) expect(callKey(parsed.message.channel, parsed.message.input)).toBe('prefs:get {"key":"a"}')
  })
})

describe("the bridge answering from the page's primed answers", () => {
  it("answers a call from it through the RPC client, telling the shell it was answered", async () => {
    const frames: string[] = []
    const book = new PrimedAnswerBook({ seq: 0, answers: [['app:info', ok({ name: 'primed' })]] })
    const rpc = new RpcClient({
      send: (text) => (frames.push(text), () => {}),
      onPush: () => {},
      callTimeoutMs: 1000,
      clock: systemClock,
      primed: (channel, input) => book.take(channel, input),
      opening: () => true,
    })
    expect(await rpc.request('app:info', undefined)).toEqual(ok({ name: 'primed' }))
    expect(frames.map((text) => JSON.parse(text))).toEqual([{ id: 1, channel: 'app:info', opening: true, answered: true }])
    // The second time it is asked over the socket, still marked as made while opening.
    void rpc.request('app:info', undefined)
    expect(JSON.parse(frames[1]!)).toEqual({ id: 2, channel: 'app:info', opening: true })
  })
})

describe("the shell's log of pushes", () => {
  it('gives the pushes after a number while it still holds them all', () => {
    const log = new PushLog({ size: 3 })
    expect(log.after(0)).toEqual([])
    for (const n of [1, 2, 3, 4]) log.add({ event: 'sync:state', payload: n })
    expect(log.seq()).toBe(4)
    expect(log.after(1)?.map((push) => push.payload)).toEqual([2, 3, 4])
    expect(log.after(4)).toEqual([])
    // Push 1 is gone, and 5 was never given out.
    expect(log.after(0)).toBeNull()
    expect(log.after(5)).toBeNull()
    expect(log.after(-1)).toBeNull()
  })
})

describe("the shell's log of pushes, by age", () => {
  it('forgets pushes older than a page takes to connect, so a later page reads everything again', () => {
    let now = 0
    const log = new PushLog({ keepMs: 1000, now: () => now })
    log.add({ event: 'sync:state', payload: 1 })
    now = 600
    log.add({ event: 'sync:state', payload: 2 })
    expect(log.after(0)?.map((push) => push.payload)).toEqual([1, 2])
    now = 1200
    // Push 1 is over a second old: a page primed before it cannot be told what it missed.
    expect(log.after(0)).toBeNull()
    expect(log.after(1)?.map((push) => push.payload)).toEqual([2])
    now = 5000
    expect(log.after(2)).toEqual([])
    expect(log.after(1)).toBeNull()
  })
})

describe("core's answers made ahead", () => {
  const handlers = {
    'app:info': async () => ok('info'),
    'settings:get': async () => fail({ code: 'internal', message: 'broken' }),
    'sync:states': () => new Promise<Result<unknown>>(() => {}),
  } as unknown as ChannelHandlers

  it('keeps what answered well by the deadline, once per call', async () => {
    const started = Date.now()
    const answers = await primeAnswers(
      handlers,
      [{ channel: 'app:info' }, { channel: 'app:info' }, { channel: 'settings:get' }, { channel: 'sync:states' }, { channel: 'no:such' }],
      50,
    )
    expect(answers).toEqual([['app:info', ok('info')]])
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})

// Property tests (fast-check) of the web shell's frame parsers, the first code that touches
// what a page sends over the socket: for random and adversarial text nothing throws, every
// frame is either a well-formed message or refused with a sentence that says why (short
// enough for a WebSocket close frame), no prototype is polluted, and the time grows with the
// frame's length only.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_MESSAGE_BYTES, parseRequestMessage, parseServerMessage, UNREADABLE_ANSWER } from '../../../src/web/protocol'
import { APP_ERROR_CODES, MAX_JSON_DEPTH, REQUEST_CHANNELS } from '../../../src/shared'

const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype']

/** True when some object in the value has an own key that could pollute a prototype. */
function hasPollutingKey(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object' || depth > MAX_JSON_DEPTH + 2) return false
  for (const key of Object.keys(value)) {
    if (POLLUTING_KEYS.includes(key)) return true
    if (hasPollutingKey((value as Record<string, unknown>)[key], depth + 1)) return true
  }
  return false
}

function expectWellFormed(text: string): void {
  const parsed = parseRequestMessage(text)
  if (parsed.ok) {
    expect(Object.keys(parsed.message).sort()).toEqual(
      'input' in parsed.message ? ['channel', 'id', 'input'] : ['channel', 'id'],
    )
    expect(Number.isSafeInteger(parsed.message.id) && parsed.message.id >= 0).toBe(true)
    expect(typeof parsed.message.channel).toBe('string')
    expect(hasPollutingKey(parsed.message.input)).toBe(false)
  } else {
    expect(parsed.reason).toMatch(/^The frame .+\.$/)
    // A close frame carries at most 123 bytes of reason.
    expect(Buffer.byteLength(parsed.reason)).toBeLessThanOrEqual(123)
  }
}

/** JSON text with keys that could pollute prototypes, at any depth. */
const pollutingJson = fc
  .letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.jsonValue({ maxDepth: 1 }),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...POLLUTING_KEYS), fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 4 }),
    ),
  }))
  .value.map((value) => JSON.stringify(value))

/** Request-shaped frames with odd ids, channels and inputs. */
const requestLike = fc
  .record(
    {
      id: fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.constant(Number.MAX_SAFE_INTEGER + 2), fc.string(), fc.constant(null)),
      channel: fc.oneof(fc.constantFrom(...REQUEST_CHANNELS, '__proto__', 'constructor', 'toString'), fc.string(), fc.integer()),
      input: fc.jsonValue(),
    },
    { requiredKeys: [] },
  )
  .map((frame) => JSON.stringify(frame))

describe('parseRequestMessage', () => {
  it('never throws on any text, and answers a message or a clear refusal', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => expectWellFormed(text)), { numRuns: 500 })
  })

  it('never throws on any JSON, and answers a message or a clear refusal', () => {
    fc.assert(fc.property(fc.json(), (text) => expectWellFormed(text)), { numRuns: 500 })
  })

  it('takes request-shaped frames apart exactly', () => {
    fc.assert(
      fc.property(requestLike, (text) => {
        expectWellFormed(text)
        const raw = JSON.parse(text) as Record<string, unknown>
        const parsed = parseRequestMessage(text)
        const goodId = typeof raw.id === 'number' && Number.isSafeInteger(raw.id) && raw.id >= 0
        expect(parsed.ok).toBe(goodId && typeof raw.channel === 'string')
        if (parsed.ok) {
          expect(parsed.message.id).toBe(raw.id)
          expect(parsed.message.channel).toBe(raw.channel)
        }
      }),
      { numRuns: 500 },
    )
  })

  it('drops keys that could pollute a prototype, at any depth, and pollutes nothing', () => {
    fc.assert(
      fc.property(pollutingJson, (input) => {
        const text = `{"id":1,"channel":"sites:list","input":${input}}`
        const parsed = parseRequestMessage(text)
        expect(parsed.ok).toBe(true)
        if (parsed.ok) expect(hasPollutingKey(parsed.message.input)).toBe(false)
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      }),
      { numRuns: 300 },
    )
    const parsed = parseRequestMessage(
      '{"id":1,"channel":"sites:list","__proto__":{"polluted":1},"input":{"__proto__":{"polluted":2},"constructor":{"prototype":{"polluted":3}},"a":[{"__proto__":{"polluted":4}}]}}',
    )
    expect(parsed).toEqual({ ok: true, message: { id: 1, channel: 'sites:list', input: { a: [{}] } } })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it.each([
    ['not json', 'The frame is not JSON.'],
    ['', 'The frame is not JSON.'],
    ['[1,2]', 'The frame is not a JSON object.'],
    ['null', 'The frame is not a JSON object.'],
    ['"text"', 'The frame is not a JSON object.'],
    ['{"channel":"app:info"}', 'The frame has no "id" (a whole number from 0).'],
    ['{"id":-1,"channel":"app:info"}', 'The frame has no "id" (a whole number from 0).'],
    ['{"id":1.5,"channel":"app:info"}', 'The frame has no "id" (a whole number from 0).'],
    ['{"id":1}', 'The frame has no "channel" name.'],
    ['{"id":1,"channel":7}', 'The frame has no "channel" name.'],
  ])('refuses %s: %s', (text, reason) => {
    expect(parseRequestMessage(text)).toEqual({ ok: false, reason })
  })

  it('refuses frames over the size limit and nesting deeper than the limit, before parsing them', () => {
    expect(parseRequestMessage(`{"id":1,"channel":"a","input":"${'x'.repeat(MAX_MESSAGE_BYTES)}"}`)).toEqual({
      ok: false,
      reason: `The frame is larger than ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB.`,
    })
    const deep = `{"id":1,"channel":"a","input":${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}}`
    expect(parseRequestMessage(deep)).toEqual({ ok: false, reason: `The frame is nested more than ${MAX_JSON_DEPTH} levels deep.` })
    const fine = `{"id":1,"channel":"a","input":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`
    expect(parseRequestMessage(fine).ok).toBe(true)
    // Brackets inside strings are text, not nesting.
    expect(parseRequestMessage(`{"id":1,"channel":"a","input":"${'[{'.repeat(5_000)}\\"${'['.repeat(5_000)}"}`).ok).toBe(true)
  })

  it('takes time in proportion to the frame: a 1 MiB frame of any shape parses fast', () => {
    const budget = MAX_MESSAGE_BYTES - 100
    const shapes: Record<string, string> = {
      'one long string': `{"id":1,"channel":"a","input":"${'a'.repeat(budget)}"}`,
      'escapes': `{"id":1,"channel":"a","input":"${'\\u0041\\"'.repeat(budget / 8)}"}`,
      'many keys': `{"id":1,"channel":"a","input":{${Array.from({ length: budget / 12 }, (_, i) => `"k${i}":1`).join(',')}}}`,
      'many polluting keys': `{"id":1,"channel":"a","input":[${Array.from({ length: budget / 20 }, () => '{"__proto__":{}}').join(',')}]}`,
      'many numbers': `{"id":1,"channel":"a","input":[${Array.from({ length: budget / 8 }, () => '1.5e300').join(',')}]}`,
      'deep within the limit': `{"id":1,"channel":"a","input":[${Array.from({ length: budget / (MAX_JSON_DEPTH * 2 + 1) }, () => `${'['.repeat(MAX_JSON_DEPTH - 2)}${']'.repeat(MAX_JSON_DEPTH - 2)}`).join(',')}]}`,
      'brackets in strings': `{"id":1,"channel":"a","input":"${'[{'.repeat(budget / 2)}"}`,
      'unterminated': `{"id":1,"channel":"a","input":"${'a'.repeat(budget)}`,
      'deep beyond the limit': `${'['.repeat(budget)}`,
    }
    for (const [shape, text] of Object.entries(shapes)) {
      expect(text.length, shape).toBeLessThanOrEqual(MAX_MESSAGE_BYTES)
      const started = performance.now()
      expectWellFormed(text)
      expect(performance.now() - started, shape).toBeLessThan(1_500)
    }
  })
})

describe('parseServerMessage', () => {
  it('never throws, and answers a response, a known push event or null', () => {
    const serverLike = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json(),
      fc
        .record(
          {
            id: fc.oneof(fc.nat(), fc.integer(), fc.string()),
            result: fc.oneof(
              fc.jsonValue(),
              fc.record({ ok: fc.constant(true), value: fc.jsonValue() }),
              fc.record({ ok: fc.constant(false), error: fc.record({ code: fc.oneof(fc.string(), fc.constantFrom(...APP_ERROR_CODES)), message: fc.string() }) }),
            ),
            event: fc.oneof(fc.constantFrom('sync:state', 'events:new', 'accounts:changed', '__proto__'), fc.string()),
            payload: fc.jsonValue(),
          },
          { requiredKeys: [] },
        )
        .map((frame) => JSON.stringify(frame)),
    )
    fc.assert(
      fc.property(serverLike, (text) => {
        const message = parseServerMessage(text)
        if (message === null) return
        if ('id' in message) {
          expect(Number.isSafeInteger(message.id) && message.id >= 0).toBe(true)
          const result = message.result as { ok: unknown; error?: { code?: unknown } }
          expect(result.ok === true || (result.ok === false && typeof result.error === 'object')).toBe(true)
          // Whatever code the frame had, the call sees one of the closed set.
          if (result.ok === false) expect(APP_ERROR_CODES).toContain(result.error?.code)
          if (result.ok === false && result.error === UNREADABLE_ANSWER) expect(UNREADABLE_ANSWER.code).toBe('bad_response')
        } else {
          expect(typeof message.event).toBe('string')
        }
      }),
      { numRuns: 500 },
    )
  })
})

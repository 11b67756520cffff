// Property-based tests of the response validators: whatever a server sends as a body, with
// whatever status and content type, nothing but an AppErrorException leaves core's checks, every
// rejection carries a known code and the answer's status, and no message shows the token.
import fc from 'fast-check'
import type { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { excerpt } from '../../../../src/core/api/excerpt'
import { checkDeletionResponse, readJson, type RawResponse } from '../../../../src/core/api/response-body'
import { createdSiteSchema, dataSchema, pageSchema, siteEventSchema, siteSchema, tagSchema } from '../../../../src/core/api/schemas'
import { errorForStatus, type RequestContext } from '../../../../src/core/api/status-errors'
import { AppErrorException } from '../../../../src/core/errors'
import { isAppError, type AppError } from '../../../../src/shared'
import { envelopeArb, eventArb, mutatedArb, notJsonArb, siteArb, tagArb } from './support/arbitraries'

const SECRET = 'propertySecretToken0123456789'
const ctx: RequestContext = { what: 'the list of sites', collection: true, host: 'api.test', secrets: [SECRET] }
const RUNS = { numRuns: 300 }

const SCHEMAS = {
  'a page of sites': pageSchema(siteSchema),
  'a page of tags': pageSchema(tagSchema),
  'a page of events': pageSchema(siteEventSchema),
  'one site': dataSchema(siteSchema),
  'a created site': dataSchema(createdSiteSchema),
  'one tag': dataSchema(tagSchema),
}

const jsonBodyArb = fc.oneof(
  envelopeArb(siteArb),
  envelopeArb(tagArb),
  envelopeArb(eventArb),
  mutatedArb(envelopeArb(siteArb)),
  mutatedArb(envelopeArb(eventArb)),
  mutatedArb(siteArb.map((site) => ({ data: site }))),
  fc.jsonValue(),
).map((value) => JSON.stringify(value) ?? 'null')

/** A body, sometimes with the token echoed into it somewhere (a broken proxy does that). */
const bodyArb = fc.tuple(fc.oneof(jsonBodyArb, notJsonArb), fc.option(fc.nat(), { nil: undefined })).map(([text, at]) =>
  at === undefined ? text : `${text.slice(0, at % (text.length + 1))}${SECRET}${text.slice(at % (text.length + 1))}`,
)

const responseArb: fc.Arbitrary<RawResponse> = fc.record({
  status: fc.integer({ min: 200, max: 299 }),
  headers: fc.record({
    'content-type': fc.option(fc.oneof(fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/html', 'text/plain', ''), fc.string({ maxLength: 80 })), { nil: undefined }),
  }),
  text: bodyArb,
})

/** Runs a check; answers the AppError it threw, undefined when it passed, and fails on any other throw. */
function rejection(check: () => unknown): AppError | undefined {
  try {
    check()
    return undefined
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(AppErrorException)
    const error = (thrown as AppErrorException).appError
    expect(isAppError(error)).toBe(true)
    expect(error.message).not.toContain(SECRET)
    return error
  }
}

describe('readJson', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`accepts ${name} or rejects it as bad_response with its status, whatever the body`, () => {
      fc.assert(
        fc.property(responseArb, (response) => {
          const error = rejection(() => readJson(schema as z.ZodType<unknown, unknown>, response, ctx))
          if (error) expect(error).toMatchObject({ code: 'bad_response', status: response.status })
        }),
        RUNS,
      )
    })
  }

  it('accepts every valid envelope and item, as they are', () => {
    const valid = fc.oneof(
      envelopeArb(siteArb).map((body) => ({ schema: SCHEMAS['a page of sites'], body })),
      envelopeArb(tagArb).map((body) => ({ schema: SCHEMAS['a page of tags'], body })),
      envelopeArb(eventArb).map((body) => ({ schema: SCHEMAS['a page of events'], body })),
      siteArb.map((site) => ({ schema: SCHEMAS['one site'], body: { data: site } })),
      tagArb.map((tag) => ({ schema: SCHEMAS['one tag'], body: { data: tag } })),
    )
    fc.assert(
      fc.property(valid, ({ schema, body }) => {
        const response = { status: 200, headers: { 'content-type': 'application/json' }, text: JSON.stringify(body) }
        const read = readJson(schema as z.ZodType<unknown, unknown>, response, ctx)
        // A null server object reads as all keys null (schemas.ts); nothing else changes.
        expect(JSON.stringify(read).replaceAll('"server":{"ip":null,"web":null,"php":null,"mysql":null}', '"server":null')).toBe(
          JSON.stringify(body).replaceAll('"server":{"ip":null,"web":null,"php":null,"mysql":null}', '"server":null'),
        )
      }),
      RUNS,
    )
  })
})

describe('checkDeletionResponse', () => {
  it('passes or rejects as bad_response, whatever the body', () => {
    fc.assert(
      fc.property(responseArb, (response) => {
        const error = rejection(() => checkDeletionResponse(response, ctx))
        if (error) expect(error.code).toBe('bad_response')
      }),
      RUNS,
    )
  })
})

describe('errorForStatus', () => {
  it('answers an AppError with a known code and a bounded message for any error status and body, never throwing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 599 }), bodyArb, fc.option(fc.nat(), { nil: undefined }), (status, body, retryAfterMs) => {
        const error = errorForStatus(status, body, ctx, retryAfterMs)
        expect(isAppError(error)).toBe(true)
        expect(error.message).not.toContain(SECRET)
        expect(error.message.length).toBeLessThan(2_000)
        for (const messages of Object.values(error.fields ?? {})) for (const m of messages) expect(m).not.toContain(SECRET)
      }),
      RUNS,
    )
  })

  it('reads 422 field errors of any shape without throwing', () => {
    const errorsArb = fc.oneof(fc.jsonValue(), fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(fc.string(), fc.array(fc.jsonValue()), fc.jsonValue())))
    fc.assert(
      fc.property(fc.jsonValue(), errorsArb, (message, errors) => {
        const error = errorForStatus(422, JSON.stringify({ message, errors }), ctx)
        expect(error.code).toBe('validation')
        expect(Object.keys(error.fields ?? {}).length).toBeLessThanOrEqual(20)
      }),
      RUNS,
    )
  })
})

describe('excerpt', () => {
  it('is short and never shows the token, wherever it sits in the body', () => {
    const around = fc.oneof(notJsonArb, fc.string({ maxLength: 5_000 }), fc.nat(6_000).map((n) => 'a'.repeat(n)))
    fc.assert(
      fc.property(around, around, (before, after) => {
        const text = excerpt(`${before}${SECRET}${after}`, [SECRET])
        expect(text).not.toContain(SECRET)
        expect(text.length).toBeLessThanOrEqual(121)
      }),
      RUNS,
    )
  })
})

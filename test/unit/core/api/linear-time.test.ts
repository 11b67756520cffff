// Every check an answer goes through takes time (and memory) linear in its size: 5 MiB bodies
// (the transport's cap) of shapes chosen to make parsers, regexes or validators blow up each
// finish within a generous bound, and fail, where they fail, as a bad_response AppError.
import { beforeAll, describe, expect, it } from 'vitest'
import { excerpt } from '../../../../src/core/api/excerpt'
import { checkPage } from '../../../../src/core/api/page-check'
import { checkDeletionResponse, readJson, type RawResponse } from '../../../../src/core/api/response-body'
import { dataSchema, pageSchema, siteEventSchema, siteSchema, tagSchema } from '../../../../src/core/api/schemas'
import { errorForStatus, type RequestContext } from '../../../../src/core/api/status-errors'
import { AppErrorException } from '../../../../src/core/errors'
import { isAppError } from '../../../../src/shared'

const MiB = 1024 * 1024
const SIZE = 5 * MiB
/**
 * A check may take this many times what JSON.parse takes right now on the same body (or on 5 MiB
 * of valid sites), and never less than BOUND_MS. The yardstick is measured in the same run, so a
 * machine slowed by other work (coverage, a parallel build) slows both alike; a check worse than
 * linear takes minutes on 5 MiB, past the bound and the test's timeout.
 */
const BOUND_MS = 2_000
const YARDSTICKS = 20
/** Eight checks of a body that takes seconds to parse on a loaded machine: more than the default 20 s. */
const TEST_TIMEOUT_MS = 180_000
const ctx: RequestContext = { what: 'the list of sites', collection: true, host: 'api.test', secrets: ['linear-secret-token-42'] }

/** `unit` repeated to about 5 MiB, between `before` and `after`. */
function fill(unit: string, before = '', after = ''): string {
  return before + unit.repeat(Math.floor((SIZE - before.length - after.length) / unit.length)) + after
}

const ENVELOPE_TAIL = ',"links":{"first":null,"last":null,"prev":null,"next":null},"meta":{"current_page":1,"from":1,"last_page":1,"per_page":15,"to":1,"total":1,"path":"x"}}'
const SITE = JSON.stringify({ id: 1, name: 'S', url: 'u', admin_url: 'a', notes: '', status: 'Ok', published: 1, server: null, updates_count: 0, created_at: '2026-01-01T10:00:00Z', updated_at: '2026-01-01T10:00:00Z', last_check_at: null, tags: [] })

const BODIES: Record<string, string> = {
  '"<" repeated': fill('<'),
  '"<a" repeated': fill('<a'),
  'an unclosed tag': fill('x', '<div class="'),
  'nested tags': fill('<div>'),
  'unclosed scripts': fill('<script>'),
  'whitespace': fill(' \n\t'),
  'items that are empty objects': fill('{},', '{"data":[', `{}]${ENVELOPE_TAIL}`),
  'items of the wrong types': fill('{"id":"x","name":1,"tags":{}},', '{"data":[', `{}]${ENVELOPE_TAIL}`),
  'items that are numbers': fill('1,', '{"data":[', `1]${ENVELOPE_TAIL}`),
  'a site with a million bad tags': fill('{},', `{"data":[${SITE.replace('"tags":[]', '"tags":[')}`, `{}]}]${ENVELOPE_TAIL}`),
  'a site with a million unknown members': fill('"k":1,', `{"data":[${SITE.slice(0, -1)},`, `"z":1}]${ENVELOPE_TAIL}`),
  'valid sites': fill(`${SITE},`, '{"data":[', `${SITE}]${ENVELOPE_TAIL}`),
  'deeply nested arrays': `${'['.repeat(SIZE / 2)}${']'.repeat(SIZE / 2)}`,
  'deeply nested data': `{"data":${'['.repeat(SIZE / 2 - 10)}${']'.repeat(SIZE / 2 - 10)}}`,
  'deeply nested objects, unclosed': fill('{"a":'),
  'a long string of escapes': fill('\\u0041', '{"message":"', '"}'),
  'validation errors of the wrong types': fill('"f":1,', '{"message":"no","errors":{', '"g":[1]}}'),
  'truncated JSON': fill(`${SITE},`, '{"data":[').slice(0, -7),
  'a huge number': fill('9', '{"data":', '}'),
  'a link of 5 MiB': fill(
    'a',
    `{"data":[${Array.from({ length: 15 }, () => SITE).join(',')}],"links":{"first":null,"last":null,"prev":null,"next":"https://api.test/v1/sites?page=2&x=`,
    '"},"meta":{"current_page":1,"from":1,"last_page":2,"per_page":15,"to":15,"total":30,"path":"x"}}',
  ),
}

function timed(work: () => void): number {
  const started = performance.now()
  try {
    work()
  } catch (thrown) {
    // Only AppErrors may leave core's checks, and they carry a known code.
    if (!(thrown instanceof AppErrorException) || !isAppError(thrown.appError)) throw thrown
  }
  return performance.now() - started
}

const response = (text: string, type = 'application/json'): RawResponse => ({ status: 200, headers: { 'content-type': type }, text })

/** What JSON.parse alone takes on `text` right now (a text that is not JSON fails fast). */
function parseTime(text: string): number {
  return timed(() => {
    try {
      JSON.parse(text)
    } catch {
      // Not JSON: the yardstick of valid sites stands for it.
    }
  })
}

let sitesYardstick = 0
beforeAll(() => {
  sitesYardstick = Math.min(parseTime(BODIES['valid sites']!), parseTime(BODIES['valid sites']!))
})

/**
 * The bound for the checks of one body: YARDSTICKS times what JSON.parse alone takes right now on
 * that body (every check must at least read it; 1.7 million empty objects take seconds on a busy
 * machine) or on 5 MiB of valid sites, whichever is longer.
 */
function boundNow(body: string): number {
  return Math.max(BOUND_MS, YARDSTICKS * Math.max(parseTime(body), sitesYardstick))
}

describe('5 MiB bodies', () => {
  for (const [shape, body] of Object.entries(BODIES)) {
    it(`of ${shape} are checked in linear time`, () => {
      expect(body.length).toBeGreaterThan(SIZE - 1024)
      const took = {
        sitePage: timed(() => checkPage(readJson(pageSchema(siteSchema), response(body), ctx), 1, ctx.what, 200)),
        eventPage: timed(() => readJson(pageSchema(siteEventSchema), response(body), ctx)),
        oneTag: timed(() => readJson(dataSchema(tagSchema), response(body, 'text/plain'), ctx)),
        deletion: timed(() => checkDeletionResponse(response(body), ctx)),
        '422': timed(() => errorForStatus(422, body, ctx)),
        '500': timed(() => errorForStatus(500, body, ctx)),
        '418': timed(() => errorForStatus(418, body, ctx)),
        excerpt: timed(() => excerpt(body, ctx.secrets)),
      }
      const bound = boundNow(body)
      for (const [check, ms] of Object.entries(took)) expect({ check, ms: ms < bound ? 'fast' : ms, bound }).toEqual({ check, ms: 'fast', bound })
    }, TEST_TIMEOUT_MS)
  }
})

describe('JSON nested deeper than any answer of the API', () => {
  it('is refused before it is parsed', () => {
    const error = (() => {
      try {
        readJson(pageSchema(siteSchema), response(BODIES['deeply nested data']!), ctx)
      } catch (thrown) {
        return (thrown as AppErrorException).appError
      }
      return undefined
    })()
    expect(error?.message).toMatch(/^The server's answer for the list of sites is nested more than 64 levels deep, which no answer of the API is \(HTTP 200: "\{"data":\[\[\[/)
    // Strings that hold brackets are not nesting.
    const deepText = JSON.stringify({ data: { id: 1, name: '['.repeat(10_000), created_at: '2026-01-01T10:00:00Z', updated_at: '2026-01-01T10:00:00Z' } })
    expect(readJson(dataSchema(tagSchema), response(deepText), ctx).data.name).toHaveLength(10_000)
  })
})

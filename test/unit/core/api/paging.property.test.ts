// Property-based tests of the envelope and paging checks: whatever pages a server sends, the
// envelope check passes or rejects with a bad_response AppError, a whole read ends (within
// the page limit, re-reads included) with each item once or rejects with an AppError, and an
// envelope whose counts add up is never refused.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Page } from '../../../../src/shared'
import { isAppError } from '../../../../src/shared'
import { collectPages } from '../../../../src/core/api/collect-pages'
import { checkPage } from '../../../../src/core/api/page-check'
import { AppErrorException } from '../../../../src/core/errors'
import { envelopeArb, envelopeOf, tagArb } from './support/arbitraries'

type Item = { id: number }
const RUNS = { numRuns: 300 }

const intArb = fc.oneof(fc.integer({ min: -3, max: 40 }), fc.constantFrom(0, 1, 2 ** 31, 2 ** 53 - 1, Number.MAX_SAFE_INTEGER))
const linkArb = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -2, max: 50 }).map((n) => `https://api.test/v1/sites?page=${n}`),
  fc.constantFrom('', 'not a url', 'https://api.test/v1/sites', 'https://api.test/v1/sites?page=', 'https://api.test/v1/sites?page=2&page=1', '//evil.test/?page=9'),
  fc.string({ maxLength: 30 }),
)

/** Envelopes whose numbers and links may say anything (their types as the schema lets through). */
const anyEnvelopeArb: fc.Arbitrary<Page<Item>> = fc.record({
  data: fc.array(fc.record({ id: fc.integer({ min: 1, max: 40 }) }), { maxLength: 20 }),
  links: fc.record({ first: linkArb, last: linkArb, prev: linkArb, next: linkArb }),
  meta: fc.record({
    current_page: intArb,
    from: fc.option(intArb, { nil: null }),
    last_page: intArb,
    per_page: intArb,
    to: fc.option(intArb, { nil: null }),
    total: intArb,
    path: fc.string({ maxLength: 20 }),
  }),
})

function expectAppError(thrown: unknown): void {
  expect(thrown).toBeInstanceOf(AppErrorException)
  expect(isAppError((thrown as AppErrorException).appError)).toBe(true)
}

describe('checkPage', () => {
  it('passes an envelope or rejects it as bad_response, whatever it says', () => {
    fc.assert(
      fc.property(anyEnvelopeArb, fc.integer({ min: 1, max: 40 }), (page, asked) => {
        try {
          expect(checkPage(page, asked, 'the list of sites', 200)).toBe(page)
        } catch (thrown) {
          expectAppError(thrown)
          expect((thrown as AppErrorException).appError.code).toBe('bad_response')
        }
      }),
      RUNS,
    )
  })

  it('never refuses an envelope whose counts add up', () => {
    fc.assert(
      fc.property(envelopeArb(tagArb), (page) => {
        expect(checkPage(page, page.meta.current_page, 'the list of tags', 200)).toBe(page)
      }),
      RUNS,
    )
  })
})

/**
 * A server made of random pages: each request is answered with the next page of the script,
 * put through checkPage as the client does. Its pages may be right, contradict themselves,
 * repeat items, grow, shrink or never end.
 */
const scriptArb = fc.array(
  fc.oneof(
    // A consistent page of a list of random size, for whatever page is asked.
    fc.record({ kind: fc.constant('consistent' as const), total: fc.integer({ min: 0, max: 90 }), ids: fc.integer({ min: 0, max: 5 }) }),
    fc.record({ kind: fc.constant('random' as const), page: anyEnvelopeArb }),
  ),
  { minLength: 1, maxLength: 30 },
)

type Script = typeof scriptArb extends fc.Arbitrary<infer S> ? S : never

function scriptedServer(script: Script) {
  let calls = 0
  const fetchPage = async (asked: number): Promise<Page<Item>> => {
    const step = script[calls++ % script.length]!
    if (step.kind === 'random') return checkPage({ ...step.page, meta: { ...step.page.meta, current_page: asked } }, asked, 'the list', 200)
    const perPage = 15
    const count = Math.max(0, Math.min(perPage, step.total - (asked - 1) * perPage))
    // Ids offset per step: a list that moves, or one that holds still (offset 0).
    const items = Array.from({ length: count }, (_, i) => ({ id: (asked - 1) * perPage + i + 1 + step.ids * 7 }))
    return checkPage(envelopeOf(items, asked, step.total, perPage), asked, 'the list', 200)
  }
  return { fetchPage, calls: () => calls }
}

describe('collectPages', () => {
  it('ends within the page limit with each item once, or rejects with an AppError', async () => {
    await fc.assert(
      fc.asyncProperty(scriptArb, fc.integer({ min: 1, max: 4 }), async (script, window) => {
        const server = scriptedServer(script)
        const maxPages = 12
        try {
          const read = await collectPages(server.fetchPage, { what: 'the list', maxPages, window, maxRereads: 3 })
          const ids = read.items.map((item) => item.id)
          expect(new Set(ids).size).toBe(ids.length)
        } catch (thrown) {
          expectAppError(thrown)
        }
        // The main read and up to three passes over the front, each within the page limit
        // (plus the pages a window had in flight when the read ended).
        expect(server.calls()).toBeLessThanOrEqual(maxPages * 4 + window)
      }),
      { numRuns: 200 },
    )
  })

  it('stops a pass over the front of a list that keeps growing there, at the page limit', async () => {
    // Three pages of a list of 45 where one item moved onto page 2 (so 44 were read and the
    // front is read again); from then on every page asked for holds 15 new items of a list
    // that says it has a million: that pass over the front would never end.
    let calls = 0
    let fresh = 1_000
    const fetchPage = async (asked: number): Promise<Page<Item>> => {
      calls++
      if (calls <= 3) return envelopeOf(Array.from({ length: 15 }, (_, i) => ({ id: Math.max(1, (asked - 1) * 15 + i) })), asked, 45, 15)
      return envelopeOf(Array.from({ length: 15 }, () => ({ id: fresh++ })), asked, 1_000_000, 15)
    }
    const outcome = await collectPages(fetchPage, { what: 'the list of sites', maxPages: 50 }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expectAppError(outcome)
    expect((outcome as AppErrorException).appError.message).toMatch(/^Stopped reading the list of sites: it has more than 50 pages/)
    expect(calls).toBeLessThanOrEqual(3 + 50)
  })
})

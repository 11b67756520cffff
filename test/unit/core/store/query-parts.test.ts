// The pure parts of an events query: times to sortable instants, and search text to FTS5.
import { describe, expect, it } from 'vitest'
import { clampEventLimit } from '../../../../src/core/store/event-query'
import { eventTimeMs, isoToEpochMs } from '../../../../src/shared/event-time'
import { ftsAccountToken, ftsMatchExpression, ftsWords } from '../../../../src/core/store/fts-query'

describe('isoToEpochMs', () => {
  it.each([
    ['2026-11-02T10:15:00+00:00', Date.UTC(2026, 10, 2, 10, 15)],
    ['2026-11-02T10:15:00Z', Date.UTC(2026, 10, 2, 10, 15)],
    ['2026-11-02T12:15:00+02:00', Date.UTC(2026, 10, 2, 10, 15)],
    ['2026-11-02T05:45:00-04:30', Date.UTC(2026, 10, 2, 10, 15)],
    ['2026-11-02T10:15:00+0000', Date.UTC(2026, 10, 2, 10, 15)],
    ['2026-11-02T10:15:00.123456+00:00', Date.UTC(2026, 10, 2, 10, 15, 0, 123)],
    ['2026-11-02T10:15:00.5Z', Date.UTC(2026, 10, 2, 10, 15, 0, 500)],
    ['2026-11-02 10:15:00', Date.UTC(2026, 10, 2, 10, 15)],
    ['2026-11-02', Date.UTC(2026, 10, 2)],
  ])('reads %s', (text, ms) => {
    expect(isoToEpochMs(text)).toBe(ms)
  })

  it.each(['', 'yesterday', '2026-13-02T10:15:00Z', '2026-11-02T10:61:00Z', '2026/11/02', '1730542500000'])(
    'refuses %j',
    (text) => {
      expect(isoToEpochMs(text)).toBeNull()
    },
  )

  it('sorts an unreadable created_at as the oldest', () => {
    expect(eventTimeMs('not a time')).toBe(0)
  })
})

describe('ftsWords and ftsMatchExpression', () => {
  it('quote each word as a prefix string and AND them', () => {
    expect(ftsWords('Yoast  seo')).toBe('"Yoast"* AND "seo"*')
    expect(ftsWords('say "hi"')).toBe('"say"* AND """hi"""*')
    expect(ftsWords('a\u0000b')).toBe('"a"* AND "b"*')
    expect(ftsWords(' - ( ) * ')).toBeNull()
  })

  it("keep the words to the message and site name and the rows to the scope's accounts", () => {
    expect(ftsAccountToken('ab-1')).toBe('x61622d31')
    expect(ftsMatchExpression(['ab-1'], 'yoast')).toBe('account : ("x61622d31") AND {message site_name} : ("yoast"*)')
    expect(ftsMatchExpression(['ab-1', 'c'], 'yoast')).toBe('account : ("x61622d31" OR "x63") AND {message site_name} : ("yoast"*)')
    expect(ftsMatchExpression(['ab-1'], '()')).toBeNull()
    expect(ftsMatchExpression([], 'yoast')).toBeNull()
  })
})

describe('clampEventLimit', () => {
  it('defaults to 50 and stays within 1..500', () => {
    expect([undefined, Number.NaN, 0, 1, 49.9, 500, 501].map(clampEventLimit)).toEqual([50, 50, 1, 1, 49, 500, 500])
  })
})

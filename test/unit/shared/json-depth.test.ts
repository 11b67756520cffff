// The one JSON depth rule, used by core on the API's answers and by the web shell on the page's
// frames: nesting is counted by brackets outside strings, in one pass.
import { describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH, nestedTooDeep } from '../../../src/shared'

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`

describe('nestedTooDeep', () => {
  it('allows nesting up to the limit and refuses one level more', () => {
    expect(MAX_JSON_DEPTH).toBe(64)
    expect(nestedTooDeep(nested(MAX_JSON_DEPTH))).toBe(false)
    expect(nestedTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true)
    expect(nestedTooDeep(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`)).toBe(false)
    expect(nestedTooDeep(`{"a":${nested(MAX_JSON_DEPTH)}}`)).toBe(true)
  })

  it('counts objects and arrays alike, and depth rather than how many there are side by side', () => {
    expect(nestedTooDeep('{"a":{"b":[{"c":1}]}}', 3)).toBe(true)
    expect(nestedTooDeep('{"a":{"b":[{"c":1}]}}', 4)).toBe(false)
    expect(nestedTooDeep(Array.from({ length: 1000 }, () => nested(3)).join(','), 3)).toBe(false)
  })

  it('skips brackets inside strings, escaped quotes included', () => {
    expect(nestedTooDeep(`["${'['.repeat(500)}"]`, 2)).toBe(false)
    expect(nestedTooDeep(`["a \\" ${'{'.repeat(500)}"]`, 2)).toBe(false)
    expect(nestedTooDeep(`["\\\\",${nested(3)}]`, 3)).toBe(true)
  })

  it('stops at the first level too many (a 5 MiB frame of brackets is answered at once)', () => {
    const started = performance.now()
    expect(nestedTooDeep('['.repeat(5 * 1024 * 1024))).toBe(true)
    expect(performance.now() - started).toBeLessThan(50)
  })
})

// A list's search keys as one text: a word is found in the keys that hold it, at a key's start
// or end, once per key however often it occurs there, never across two keys (even when a
// key holds a line break of its own, from a site's notes), and the keys are read back whole.
import { describe, expect, it } from 'vitest'
import { SearchText } from '../../../../src/core/query/search-text'

const keys = ['shop\u0001shop.example', 'blog\u0001first line\nsecond line', '', 'shopfront', 'x']

function placesWith(text: SearchText, word: string, offset = 0): number[] {
  const into = new Int32Array(text.size + 2)
  const count = text.placesWith(word, into, 2, offset)
  return [...into.slice(2, 2 + count)]
}

describe('SearchText', () => {
  it('finds each key holding a word, once, in order', () => {
    const text = new SearchText(keys)
    expect(placesWith(text, 'shop')).toEqual([0, 3])
    expect(placesWith(text, 'front')).toEqual([3])
    expect(placesWith(text, 'x')).toEqual([0, 4])
    expect(placesWith(text, 'line')).toEqual([1])
    expect(placesWith(text, 'nothing')).toEqual([])
    // Placed after what is already there, each plus the offset (a list's first row in a scope).
    expect(placesWith(text, 'shop', 100)).toEqual([100, 103])
  })

  it('never matches across two keys, even where a key holds a line break', () => {
    const text = new SearchText(keys)
    expect(placesWith(text, 'exampleblog')).toEqual([])
    expect(placesWith(text, 'lineshop')).toEqual([])
    expect(placesWith(text, 'linesecond')).toEqual([])
  })

  it('gives each key back whole', () => {
    expect(new SearchText(keys).keys()).toEqual(keys)
    expect(new SearchText([]).keys()).toEqual([])
    expect(placesWith(new SearchText([]), 'a')).toEqual([])
  })
})

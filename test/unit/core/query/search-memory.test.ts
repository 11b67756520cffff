// A query that only grows searches the remembered answer it narrows, not the scope: "hote"
// reads the keys of the sites "hot" found and no other, and Backspace reads none. Proven by
// counting the search keys read, over a scope where a full scan would read every one.
import { describe, expect, it, vi } from 'vitest'
import { ScopeRows } from '../../../../src/core/query/scope-rows'
import { SearchMemory } from '../../../../src/core/query/search-memory'
import { searchWords } from '../../../../src/core/query'
import { makeSite } from '../../support/domain-objects'

const SITES = 1000
const HOTELS = 100

/** A scope of one account whose search keys count how many times one is read. */
function countingScope(): { rows: ScopeRows; keysRead: () => number; textSearches: () => number } {
  const sites = Array.from({ length: SITES }, (_, i) => makeSite(i + 1, { name: `Site ${i} ${i % (SITES / HOTELS) === 0 ? 'Hotel' : 'Bakery'}` }))
  const rows = new ScopeRows([{ accountId: 'a', label: 'A', sites, tags: [], revision: 1 }])
  const keys = rows.searchKeys()
  let read = 0
  const counted = new Proxy(keys as string[], {
    get(target, property, receiver) {
      if (typeof property === 'string' && /^\d+$/.test(property)) read++
      return Reflect.get(target, property, receiver)
    },
  })
  vi.spyOn(rows, 'searchKeys').mockReturnValue(counted)
  const rowsWith = vi.spyOn(rows, 'rowsWith')
  return { rows, keysRead: () => read, textSearches: () => rowsWith.mock.calls.length }
}

describe('SearchMemory', () => {
  it('searches what the shorter query found when the query grows, and answers Backspace from memory', () => {
    const scope = countingScope()
    const memory = new SearchMemory(scope.rows, [])

    const hot = memory.run(searchWords('hot'))!
    expect(hot).toHaveLength(HOTELS)
    expect(scope.textSearches()).toBe(1)

    const before = scope.keysRead()
    const hote = memory.run(searchWords('hote'))!
    expect(hote).toEqual(hot)
    // Only the hundred keys "hot" found were read: no search along the scope's text, no scan.
    expect(scope.keysRead() - before).toBe(HOTELS)
    expect(scope.textSearches()).toBe(1)

    const backAt = scope.keysRead()
    expect(memory.run(searchWords('hot'))).toBe(hot)
    expect(scope.keysRead()).toBe(backAt)
    expect(scope.textSearches()).toBe(1)
  })

  it('searches the scope again for a query that does not narrow a remembered one', () => {
    const scope = countingScope()
    const memory = new SearchMemory(scope.rows, [])
    memory.run(searchWords('hotel'))
    expect(memory.run(searchWords('bakery'))).toHaveLength(SITES - HOTELS)
    expect(scope.textSearches()).toBe(2)
  })
})

// Reading rows beyond the window's kept blocks: a range from the kept rows and core, and the
// rows of a selection, page by page within core's limits.
import { describe, expect, it, vi } from 'vitest'
import { EMPTY_FILTER, MAX_QUERY_ROWS, type SitesPage, type SitesQuery, type TableRow } from '../../../../src/shared/sites-query'
import { keyOf, type RowKey } from '../../../../src/shared/scope'
import { readRange, readSelection } from '../../../../src/renderer/src/lib/window-rows'
import type { WindowQuery } from '../../../../src/renderer/src/lib/window-blocks'
import { fail, makeSite, ok } from '../support/fake-api'

const refused = { code: 'network', message: 'No answer' } as const

/** Core's answer over `count` sites of account a; `keys` keeps those named. */
function page(count: number, q: Pick<SitesQuery, 'offset' | 'limit' | 'keys'>): SitesPage {
  let rows = Array.from({ length: count }, (_, i) => ({ key: keyOf('a', i + 1), accountId: 'a', site: makeSite(i + 1) }))
  if (q.keys) rows = rows.filter((r) => q.keys!.includes(r.key))
  return { revision: 'r1', scopeTotal: count, total: rows.length, offset: q.offset, rows: rows.slice(q.offset, q.offset + q.limit), facets: null }
}

const keysOf = (rows: readonly { key: RowKey }[] | null) => rows?.map((r) => r.key) ?? null

describe('readRange', () => {
  it('takes the kept rows and asks core for the rest', async () => {
    const kept = (index: number): TableRow | undefined => (index < 2 ? (page(10, { offset: index, limit: 1 }).rows[0] as TableRow) : undefined)
    const ask = vi.fn(async (offset: number, limit: number) => ok(page(10, { offset, limit })))
    expect(keysOf(await readRange(0, 5, kept, ask, () => true))).toEqual([1, 2, 3, 4, 5].map((id) => keyOf('a', id)))
    expect(ask.mock.calls).toEqual([[2, 3]])
  })

  it('stops at the end of the rows, and answers null on a failure or a query changed meanwhile', async () => {
    const ask = async (offset: number, limit: number) => ok(page(3, { offset, limit }))
    expect(keysOf(await readRange(0, 10, () => undefined, ask, () => true))).toHaveLength(3)
    expect(await readRange(0, 10, () => undefined, async () => fail(refused), () => true)).toBeNull()
    expect(await readRange(0, 10, () => undefined, ask, () => false)).toBeNull()
  })
})

describe('readSelection', () => {
  const q: WindowQuery = { scope: ['a'], filter: { ...EMPTY_FILTER, search: 'x' }, sort: [{ key: 'name', direction: 'asc' }], columns: ['name'] }

  it('reads the keys named whatever the search, each row with only what its actions read (no columns named)', async () => {
    const asked: SitesQuery[] = []
    const keys = [keyOf('a', 2), keyOf('a', 5)]
    const result = await readSelection(q, { kind: 'keys', keys }, async (query) => {
      asked.push(query)
      return ok(page(10, query))
    })
    expect(result.ok && keysOf(result.value)).toEqual(keys)
    expect(asked).toEqual([{ scope: ['a'], filter: EMPTY_FILTER, sort: q.sort, offset: 0, limit: MAX_QUERY_ROWS, keys, columns: [] }])
  })

  it('reads every matching row but the exceptions, page by page', async () => {
    const count = MAX_QUERY_ROWS + 5
    const asked: SitesQuery[] = []
    const result = await readSelection(q, { kind: 'matching', except: [keyOf('a', 1)] }, async (query) => {
      asked.push(query)
      return ok(page(count, query))
    })
    expect(result.ok && result.value.length).toBe(count - 1)
    expect(asked.map((a) => [a.offset, a.filter.search, a.columns])).toEqual([
      [0, 'x', []],
      [MAX_QUERY_ROWS, 'x', []],
    ])
  })

  it('answers the first failure', async () => {
    expect(await readSelection(q, { kind: 'keys', keys: [keyOf('a', 1)] }, async () => fail(refused))).toEqual(fail(refused))
    expect(await readSelection(q, { kind: 'matching', except: [] }, async () => fail(refused))).toEqual(fail(refused))
  })
})

// A row answered again the same is handed over as the same object, within a bounded memory.
import { describe, expect, it } from 'vitest'
import { RowMemo } from '../../../../src/renderer/src/lib/row-memo'
import type { RowKey } from '../../../../src/shared/scope'

const row = (key: string, name: string) => ({ key: key as RowKey, name })

describe('RowMemo', () => {
  it('hands back the object it was first given while the row is the same, the new one once it changed', () => {
    const memo = new RowMemo<ReturnType<typeof row>>(10)
    const first = row('a:1', 'One')
    expect(memo.same([first])[0]).toBe(first)
    expect(memo.same([row('a:1', 'One')])[0]).toBe(first)
    const renamed = row('a:1', 'Uno')
    expect(memo.same([renamed])[0]).toBe(renamed)
    expect(memo.same([row('a:1', 'Uno')])[0]).toBe(renamed)
  })

  it('forgets the oldest row past its limit, and every row when cleared', () => {
    const memo = new RowMemo<ReturnType<typeof row>>(2)
    const a = row('a:1', 'A')
    const b = row('a:2', 'B')
    memo.same([a, b, row('a:3', 'C')])
    expect(memo.same([row('a:1', 'A')])[0]).not.toBe(a)
    expect(memo.same([row('a:2', 'B')])[0]).not.toBe(b)
    const c = row('a:4', 'D')
    memo.same([c])
    memo.clear()
    expect(memo.same([row('a:4', 'D')])[0]).not.toBe(c)
  })
})

import { describe, expect, it } from 'vitest'
import { accountNumbers, accountRows, decodeRowId, ownIdOf, rowIdOf, siteRefOf } from '../../../../src/renderer/src/lib/account-rows'
import { makeSite, makeTag } from '../support/fake-api'

const ids = (list: string[]) => list.map((id) => ({ id }))
const A = '0b6f1c3e-1111-4a4a-9c9c-000000000001'
const B = '7d2e9f10-2222-4b4b-8d8d-000000000002'
const C = 'f3a4b5c6-3333-4c4c-9e9e-000000000003'

describe('row ids of the All accounts scope', () => {
  it('never equal a plain site id, and give back the account and the site', () => {
    const numbers = accountNumbers(ids([A, B]))
    const row = rowIdOf(numbers.get(B)!, 17)
    expect(row).toBeGreaterThan(2 ** 32)
    expect(Number.isSafeInteger(row)).toBe(true)
    expect(ownIdOf(row)).toBe(17)
    expect(decodeRowId(row, ids([A, B]))).toEqual({ accountId: B, siteId: 17 })
    expect(decodeRowId(row, ids([A]))).toBeNull()
  })

  it('stay the same when another account is added or removed, whatever the order', () => {
    const before = accountNumbers(ids([A, B, C]))
    expect(accountNumbers(ids([C, B])).get(C)).toBe(before.get(C))
    expect(accountNumbers(ids([B])).get(B)).toBe(before.get(B))
    expect(new Set(before.values()).size).toBe(3)
  })

  it('give the tags of each account ids of their own, and keep the site’s own id and account', () => {
    const [row] = accountRows({ id: A, label: 'Agency' }, 5, [makeSite(3, { tags: [makeTag(9, 'Production')] })])
    expect(row!.id).toBe(rowIdOf(5, 3))
    expect(row!.tags[0]).toMatchObject({ id: rowIdOf(5, 9), name: 'Production' })
    expect(siteRefOf(row!, B)).toEqual({ accountId: A, siteId: 3 })
    expect(siteRefOf(makeSite(3), B)).toEqual({ accountId: B, siteId: 3 })
  })
})

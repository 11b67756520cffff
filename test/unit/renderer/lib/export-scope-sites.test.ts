import { describe, expect, it } from 'vitest'
import { accountRows } from '../../../../src/renderer/src/lib/account-rows'
import { scopeSitesToCsv, scopeSitesToJson } from '../../../../src/renderer/src/lib/export-scope-sites'
import { makeSite } from '../support/fake-api'

const rows = [
  ...accountRows({ id: 'a', label: 'Agency' }, 1, [makeSite(1, { name: 'Shop', url: 'https://shop.example' })]),
  ...accountRows({ id: 'b', label: 'Bureau' }, 2, [makeSite(1, { name: 'Clinic', url: 'https://clinic.example' })]),
]

describe('exporting the All accounts scope', () => {
  it('writes the Account column with the shown columns as CSV', () => {
    expect(scopeSitesToCsv(rows, ['name', 'account', 'url'])).toBe('Name,Account,Address\r\nShop,Agency,https://shop.example\r\nClinic,Bureau,https://clinic.example\r\n')
  })

  it('keeps each site’s own id and its account in JSON, so equal ids stay apart', () => {
    const objects = JSON.parse(scopeSitesToJson(rows, ['account', 'name'])) as Array<Record<string, unknown>>
    expect(objects).toEqual([
      { id: 1, account: 'Agency', accountId: 'a', name: 'Shop' },
      { id: 1, account: 'Bureau', accountId: 'b', name: 'Clinic' },
    ])
  })
})

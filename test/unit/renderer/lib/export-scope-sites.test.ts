import { describe, expect, it } from 'vitest'
import { scopeSitesToCsv, scopeSitesToJson } from '../../../../src/renderer/src/lib/export-scope-sites'
import type { SiteRow } from '../../../../src/shared/sites-query'
import { makeSite } from '../support/fake-api'

const rows: SiteRow[] = [
  { key: 'a:1', accountId: 'a', site: makeSite(1, { name: 'Shop', url: 'https://shop.example' }) },
  { key: 'b:1', accountId: 'b', site: makeSite(1, { name: 'Clinic', url: 'https://clinic.example' }) },
]
const labels: Record<string, string> = { a: 'Agency', b: 'Bureau' }
const label = (accountId: string) => labels[accountId] ?? ''

describe('exporting the All accounts scope', () => {
  it('writes the Account column with the shown columns as CSV', () => {
    expect(scopeSitesToCsv(rows, ['name', 'account', 'url'], label)).toBe('Name,Account,Address\r\nShop,Agency,https://shop.example\r\nClinic,Bureau,https://clinic.example\r\n')
  })

  it('keeps each site’s own id and its account in JSON, so equal ids stay apart', () => {
    const objects = JSON.parse(scopeSitesToJson(rows, ['account', 'name'], label)) as Array<Record<string, unknown>>
    expect(objects).toEqual([
      { id: 1, account: 'Agency', accountId: 'a', name: 'Shop' },
      { id: 1, account: 'Bureau', accountId: 'b', name: 'Clinic' },
    ])
  })
})

import { describe, expect, it } from 'vitest'
import Papa from 'papaparse'
import { exportFileName, fileNamePart, sitesToCsv, sitesToJson } from '../../../../src/renderer/src/lib/export-sites'
import { makeSite, makeTag } from '../../support/domain-objects'

const SITES = [
  makeSite(1, { name: 'Shop, "Main"', url: 'https://shop.example.com', tags: [makeTag(2, 'VIP'), makeTag(1, 'Agency')], updates_count: 3 }),
  makeSite(2, { name: '=HYPERLINK("http://evil.example")', url: 'https://blog.example.org', server: { ip: null, web: null, php: null, mysql: null }, last_check_at: null }),
]

describe('sitesToCsv', () => {
  it('has the visible columns by label, in order, and each site as the table shows it', () => {
    const csv = sitesToCsv(SITES, ['name', 'url', 'tags', 'updates', 'php', 'lastCheck'])
    const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data
    expect(rows).toEqual([
      ['Name', 'Address', 'Tags', 'Updates', 'PHP', 'Last check'],
      ['Shop, "Main"', 'https://shop.example.com', 'Agency, VIP', '3', '8.2.18', '2024-06-01T00:00:00+00:00'],
      [`'=HYPERLINK("http://evil.example")`, 'https://blog.example.org', '', '0', '', ''],
    ])
  })

  it('writes only a header for no sites', () => {
    expect(sitesToCsv([], ['name', 'url'])).toBe('Name,Address\r\n')
  })
})

describe('sitesToJson', () => {
  it('is an array of objects keyed by field, with the id, values unchanged (no apostrophes)', () => {
    const parsed = JSON.parse(sitesToJson(SITES, ['name', 'tags', 'web'])) as unknown
    expect(parsed).toEqual([
      { id: 1, name: 'Shop, "Main"', tags: 'Agency, VIP', web: 'nginx/1.24.0' },
      { id: 2, name: '=HYPERLINK("http://evil.example")', tags: '', web: '' },
    ])
  })
})

describe('exportFileName', () => {
  it('names the account and the local day', () => {
    expect(exportFileName('Agency', 'csv', new Date(2026, 10, 3, 23, 59))).toBe('sites-agency-2026-11-03.csv')
    expect(exportFileName('Agency', 'json', new Date(2026, 0, 1))).toBe('sites-agency-2026-01-01.json')
  })

  it('folds characters a file system refuses into dashes', () => {
    expect(fileNamePart('Client: A/B Ltd.')).toBe('client-a-b-ltd')
    expect(fileNamePart('Ünïcode Büro')).toBe('ünïcode-büro')
    expect(fileNamePart('../..')).toBe('account')
  })
})

// An export's sites as file text: CSV (RFC 4180, labels as header, the columns in the order
// given, formula-like cells guarded) and JSON (objects by field key with the site's id, and its
// account in a scope of several), read back by a real CSV parser.
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { siteLines } from '../../../../src/core/export'
import { csvRecord, keyOf, type SiteRow } from '../../../../src/shared'
import type { HealthFinding } from '../../../../src/shared/health'
import { healthLabel } from '../../../../src/shared/health-labels'
import { makeSite, makeTag } from '../../support/domain-objects'

const rowOf = (accountId: string, site: ReturnType<typeof makeSite>): SiteRow => ({ key: keyOf(accountId, site.id), accountId, site })
const ROWS = [
  rowOf('a', makeSite(1, { name: 'Shop, "Main"', url: 'https://shop.example.com', tags: [makeTag(2, 'VIP'), makeTag(1, 'Agency')], updates_count: 3 })),
  rowOf('b', makeSite(1, { name: '=HYPERLINK("http://evil.example")', url: 'https://blog.example.org', server: { ip: null, web: null, php: null, mysql: null }, last_check_at: null })),
]
const LABELS: Record<string, string> = { a: 'Agency', b: 'Bureau' }
const text = (lines: Iterable<string>) => [...lines].join('')

describe('sites as CSV', () => {
  it('has the columns by label, in the order given, and each site as the table shows it, guarded against formulas', () => {
    const csv = text(siteLines(ROWS, { columns: ['name', 'account', 'url', 'tags', 'updates', 'php', 'lastCheck'], format: 'csv', accountLabel: (id) => LABELS[id]!, severalAccounts: true }))
    expect(Papa.parse<string[]>(csv, { skipEmptyLines: true }).data).toEqual([
      ['Name', 'Account', 'Address', 'Tags', 'Updates', 'PHP', 'Last check'],
      ['Shop, "Main"', 'Agency', 'https://shop.example.com', 'Agency, VIP', '3', '8.2.18', '2024-06-01T00:00:00+00:00'],
      [`'=HYPERLINK("http://evil.example")`, 'Bureau', 'https://blog.example.org', '', '0', '', ''],
    ])
    expect(csv.startsWith('Name,Account,Address')).toBe(true)
    expect(csv.charCodeAt(0)).not.toBe(0xfeff)
  })

  it("has the Health column as the table labels each finding, worst first, and nothing for a site without findings", () => {
    const down: HealthFinding = { check: 'reachability', cause: 'down', level: 'error', reason: 'Refused twice.', label: healthLabel('down', { kind: 'reachability' } as never, 0), since: '2026-11-01T00:00:00Z' }
    const old: HealthFinding = { check: 'eol', cause: 'endOfLife', level: 'warning', reason: 'PHP 7.4 is past its end of life.', label: 'PHP 7.4 without security fixes since 28 Nov 2022', since: '2026-11-01T00:00:00Z' }
    const rows: SiteRow[] = [{ ...ROWS[0]!, health: [down, old] }, ROWS[1]!]
    const csv = text(siteLines(rows, { columns: ['name', 'status', 'health'], format: 'csv', accountLabel: (id) => LABELS[id]!, severalAccounts: false }))
    expect(Papa.parse<string[]>(csv, { skipEmptyLines: true }).data).toEqual([
      ['Name', 'Status', 'Health'],
      ['Shop, "Main"', 'Ok', 'Down; PHP 7.4 without security fixes since 28 Nov 2022'],
      [`'=HYPERLINK("http://evil.example")`, 'Ok', ''],
    ])
    const json = JSON.parse(text(siteLines(rows, { columns: ['name', 'health'], format: 'json', accountLabel: (id) => LABELS[id]!, severalAccounts: false })))
    expect(json.map((o: { health: string }) => o.health)).toEqual(['Down; PHP 7.4 without security fixes since 28 Nov 2022', ''])
  })

  it('writes only a header for no sites', () => {
    expect(text(siteLines([], { columns: ['name', 'url'], format: 'csv', accountLabel: () => '', severalAccounts: false }))).toBe('Name,Address\r\n')
  })
})

describe('csvRecord', () => {
  it('writes RFC 4180: CRLF, quotes only where needed, inner quotes doubled', () => {
    expect(csvRecord(['Shop', 'plain'])).toBe('Shop,plain\r\n')
    expect(csvRecord(['Blog, News', 'said "hi"'])).toBe('"Blog, News","said ""hi"""\r\n')
    expect(csvRecord(['Docs', 'two\nlines', ' edge '])).toBe('Docs,"two\nlines"," edge "\r\n')
  })

  it.each(['=1+2', '+44 20 7946', '-3', '@SUM(A1)', '\tx', '\rx'])('neutralises the formula-like cell %j with an apostrophe', (cell) => {
    const [row] = Papa.parse<string[]>(csvRecord([cell]), { delimiter: ',', skipEmptyLines: true }).data
    expect(row).toEqual([`'${cell}`])
  })

  it('leaves ordinary cells alone, including an apostrophe or an equals sign inside', () => {
    for (const cell of ["O'Brien", 'a=b', 'https://x.example/?q=1', '8.2.18', '']) expect(csvRecord([cell])).toBe(`${cell}\r\n`)
  })
})

describe('sites as JSON', () => {
  it("is JSON.stringify's array, written a row at a time: the id, the columns' values unchanged (no apostrophes)", () => {
    const lines = [...siteLines(ROWS, { columns: ['name', 'tags', 'web'], format: 'json', accountLabel: (id) => LABELS[id]!, severalAccounts: false })]
    expect(lines).toHaveLength(3)
    const objects = [
      { id: 1, name: 'Shop, "Main"', tags: 'Agency, VIP', web: 'nginx/1.24.0' },
      { id: 1, name: '=HYPERLINK("http://evil.example")', tags: '', web: '' },
    ]
    expect(lines.join('')).toBe(JSON.stringify(objects, null, 2) + '\n')
  })

  it('names each site’s account in a scope of several, so equal ids stay apart', () => {
    const json = text(siteLines(ROWS, { columns: ['account', 'name'], format: 'json', accountLabel: (id) => LABELS[id]!, severalAccounts: true }))
    expect(JSON.parse(json)).toEqual([
      { id: 1, account: 'Agency', accountId: 'a', name: 'Shop, "Main"' },
      { id: 1, account: 'Bureau', accountId: 'b', name: '=HYPERLINK("http://evil.example")' },
    ])
  })

  it('is an empty array for no sites', () => {
    expect(text(siteLines([], { columns: ['name'], format: 'json', accountLabel: () => '', severalAccounts: false }))).toBe('[]\n')
  })
})

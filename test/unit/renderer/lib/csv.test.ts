import { describe, expect, it } from 'vitest'
import Papa from 'papaparse'
import { neutraliseFormula, parseCsv, restoreFormula, toCsv } from '../../../../src/renderer/src/lib/csv'

describe('toCsv', () => {
  it('writes RFC 4180: CRLF records, quotes only where needed, inner quotes doubled, no BOM', () => {
    const csv = toCsv(['Name', 'Notes'], [
      ['Shop', 'plain'],
      ['Blog, News', 'said "hi"'],
      ['Docs', 'two\nlines'],
    ])
    expect(csv.charCodeAt(0)).not.toBe(0xfeff)
    expect(csv).toBe('Name,Notes\r\nShop,plain\r\n"Blog, News","said ""hi"""\r\nDocs,"two\nlines"\r\n')
  })

  it.each(['=1+2', '+44 20 7946', '-3', '@SUM(A1)', '\tx', '\rx'])('neutralises the formula-like cell %j with an apostrophe', (cell) => {
    const csv = toCsv(['A'], [[cell]])
    const [, row] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data
    expect(row).toEqual([`'${cell}`])
  })

  it('leaves ordinary cells alone, including an apostrophe or an equals sign inside', () => {
    for (const cell of ["O'Brien", 'a=b', 'https://x.example/?q=1', '8.2.18', '']) expect(neutraliseFormula(cell)).toBe(cell)
  })

  it('neutralises the header row too', () => {
    expect(toCsv(['=cmd'], [])).toBe("'=cmd\r\n")
  })
})

describe('restoreFormula', () => {
  it('undoes the apostrophe of a neutralised cell, and nothing else', () => {
    expect(restoreFormula("'=1+2")).toBe('=1+2')
    expect(restoreFormula("'-3")).toBe('-3')
    expect(restoreFormula("'quoted'")).toBe("'quoted'")
    expect(restoreFormula('plain')).toBe('plain')
  })
})

describe('parseCsv', () => {
  it('reads back what toCsv wrote, cell for cell', () => {
    const rows = [
      ['Blog, News', 'said "hi"'],
      ['Docs', 'two\r\nlines'],
      ['Ünïcode ✓', ''],
    ]
    expect(parseCsv(toCsv(['Name', 'Notes'], rows)).records).toEqual([['Name', 'Notes'], ...rows])
  })

  it('strips a byte-order mark, skips blank lines and detects a semicolon delimiter', () => {
    const parsed = parseCsv('\ufeffname;url\r\n\r\nShop;https://shop.example\r\n   \r\n')
    expect(parsed.records).toEqual([
      ['name', 'url'],
      ['Shop', 'https://shop.example'],
    ])
    expect(parsed.errors).toEqual([])
  })

  it('reports a broken quote with its row', () => {
    const parsed = parseCsv('name,url\n"Shop,https://x.example\n')
    expect(parsed.errors.length).toBeGreaterThan(0)
    expect(parsed.errors[0]).toMatch(/^Row \d+: /)
  })
})

import { describe, expect, it } from 'vitest'
import { csvRecord } from '../../../../src/shared/csv'
import { parseCsv, restoreFormula } from '../../../../src/renderer/src/lib/csv'

describe('restoreFormula', () => {
  it('undoes the apostrophe of a neutralised cell, and nothing else', () => {
    expect(restoreFormula("'=1+2")).toBe('=1+2')
    expect(restoreFormula("'-3")).toBe('-3')
    expect(restoreFormula("'quoted'")).toBe("'quoted'")
    expect(restoreFormula('plain')).toBe('plain')
  })
})

describe('parseCsv', () => {
  it('reads back what core writes, cell for cell', () => {
    const rows = [
      ['Name', 'Notes'],
      ['Blog, News', 'said "hi"'],
      ['Docs', 'two\r\nlines'],
      ['Ünïcode ✓', ''],
    ]
    expect(parseCsv(rows.map(csvRecord).join('')).records).toEqual(rows)
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

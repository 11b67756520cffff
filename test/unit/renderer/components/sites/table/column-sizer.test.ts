import { describe, expect, it } from 'vitest'
import { ColumnSizer } from '../../../../../../src/renderer/src/components/sites/table/column-sizer'
import { SITE_COLUMNS, headerWidth } from '../../../../../../src/renderer/src/components/sites/columns'
import { makeSite } from '../../../support/fake-api'

const short = makeSite(1, { name: 'Shop', url: 'https://shop.example.com' })
const long = makeSite(2, { name: 'Brightwater Veterinary Clinic 12', url: 'https://www.brightwater-veterinary-clinic.co.uk' })

describe('ColumnSizer', () => {
  it('sizes a column to its widest cell, within its minimum and maximum', () => {
    const sizer = new ColumnSizer()
    const narrow = sizer.widths(['name'], [short]).name!
    expect(narrow).toBe(SITE_COLUMNS.name.min)
    const wide = new ColumnSizer().widths(['name'], [short, long]).name!
    expect(wide).toBeGreaterThan(narrow)
    expect(wide).toBeGreaterThanOrEqual(sizer.measure(long.name, 'name') + 24)
    expect(wide).toBeLessThanOrEqual(SITE_COLUMNS.name.max)
  })

  it('keeps the width while a search narrows the rows, until reset', () => {
    const sizer = new ColumnSizer()
    const wide = sizer.widths(['name', 'url'], [short, long])
    expect(sizer.widths(['name', 'url'], [short])).toEqual(wide)
    sizer.reset()
    expect(sizer.widths(['name'], [short]).name).toBeLessThan(wide.name!)
  })

  it('never makes a column narrower than its header, and makes room for the second-sort mark', () => {
    const sizer = new ColumnSizer()
    const plain = sizer.widths(['updates'], [short]).updates!
    expect(plain).toBeGreaterThanOrEqual(headerWidth(SITE_COLUMNS.updates, sizer.measure))
    expect(sizer.widths(['updates'], [short], 'updates').updates!).toBeGreaterThan(plain)
  })

  it('sizes each column from core’s widest cells of the scope, each holding only its own field, in place of what came before', () => {
    const sizer = new ColumnSizer()
    const widest = { name: [{ name: long.name }, { name: 'Shop' }], php: [{ server: { php: '8.3.12-fpm' } }] }
    const widths = sizer.widthsOfWidest(['name', 'url', 'php'], widest)
    expect(widths.name).toBe(new ColumnSizer().widths(['name'], [long]).name)
    // A column core named no cells of is as wide as its header asks, within its minimum.
    expect(widths.url).toBe(SITE_COLUMNS.url.min)
    expect(widths.php).toBeGreaterThan(sizer.measure('8.3.12-fpm', 'cell'))
    // Another scope's cells: narrower again.
    expect(sizer.widthsOfWidest(['name'], { name: [{ name: 'Shop' }] }).name).toBe(SITE_COLUMNS.name.min)
    expect(sizer.widthsOfWidest(['name'], null).name).toBe(SITE_COLUMNS.name.min)
  })
})

// The report's small parts: the texts of extension events, local days across time zones,
// logo files by their bytes, the accent's contrast, and the template store in a data folder.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseInstallText, parseUpdateText } from '../../../../src/core/report/event-text'
import { checkLogo, logoType } from '../../../../src/core/report/logo-file'
import { localDay, localMidnightMs, periodBounds } from '../../../../src/core/report/period'
import { ReportTemplates } from '../../../../src/core/report/report-templates'
import { REPORT_LOGO_MAX_BYTES, type ReportTemplateSave } from '../../../../src/shared/report'
import { accentContrast, accentProblem } from '../../../../src/shared/report-accent'
import { durationText } from '../../../../src/shared/report-tables'
import { withTempDirs } from '../support/temp-dir'

describe('extension event texts', () => {
  it('reads the extension and both versions, and says null for what the text does not carry', () => {
    expect(parseUpdateText('Yoast SEO was updated from version 22.1 to 22.3.')).toEqual({ extension: 'Yoast SEO', from: '22.1', to: '22.3' })
    expect(parseUpdateText('Jetpack was updated to 13.2.')).toEqual({ extension: 'Jetpack', from: null, to: '13.2' })
    expect(parseUpdateText('Jetpack was updated.')).toEqual({ extension: 'Jetpack', from: null, to: null })
    // A text of another shape is kept whole as the extension, never guessed at.
    expect(parseUpdateText('Something happened')).toEqual({ extension: 'Something happened', from: null, to: null })
    expect(parseInstallText('WooCommerce 8.5.2 was installed.')).toEqual({ extension: 'WooCommerce', version: '8.5.2' })
    expect(parseInstallText('Custom Module was installed.')).toEqual({ extension: 'Custom Module', version: null })
  })
})

describe('local days', () => {
  it('finds local midnight across daylight-saving changes and far-off zones', () => {
    expect(new Date(localMidnightMs('2026-10-25', 'Europe/Berlin')).toISOString()).toBe('2026-10-24T22:00:00.000Z')
    expect(new Date(localMidnightMs('2026-10-26', 'Europe/Berlin')).toISOString()).toBe('2026-10-25T23:00:00.000Z')
    expect(new Date(localMidnightMs('2026-03-01', 'Pacific/Auckland')).toISOString()).toBe('2026-02-28T11:00:00.000Z')
    expect(localDay(Date.parse('2026-10-31T23:30:00Z'), 'America/New_York')).toBe('2026-10-31')
    expect(periodBounds({ from: '2026-02-01', to: '2026-03-01', timeZone: 'UTC' }).label).toBe('1 Feb 2026 – 28 Feb 2026')
  })
  it('writes durations briefly', () => {
    expect([durationText(45_000), durationText(5 * 60_000), durationText(125 * 60_000), durationText(26 * 3_600_000)]).toEqual(['45 s', '5 min', '2 h 5 min', '1 d 2 h'])
  })
})

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
const SVG = Buffer.from('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')

describe('logo files', () => {
  it('knows PNG, JPEG and SVG by their bytes, whatever the name', () => {
    expect(logoType(PNG)).toBe('png')
    expect(logoType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg')
    expect(logoType(SVG)).toBe('svg')
    expect(logoType(Buffer.from('<html><svg></svg></html>'))).toBeNull()
    expect(logoType(Buffer.from('GIF89a'))).toBeNull()
  })
  it('refuses an empty, oversized or other file with a sentence for the form', () => {
    expect(() => checkLogo('')).toThrow(/empty/)
    expect(() => checkLogo(Buffer.alloc(REPORT_LOGO_MAX_BYTES + 1, 0x89).toString('base64'))).toThrow(/larger than 512 KB/)
    expect(() => checkLogo(Buffer.from('GIF89a').toString('base64'))).toThrow(/not a PNG, JPEG or SVG/)
  })
})

describe('the accent colour', () => {
  it('must keep 4.5:1 against the white page', () => {
    expect(accentContrast('#ffffff')).toBeCloseTo(1)
    expect(accentContrast('#000000')).toBeCloseTo(21)
    expect(accentProblem('#1d4ed8')).toBeNull()
    expect(accentProblem('#ffcc00')).toMatch(/contrast of 1\.\d\d:1/)
    expect(accentProblem('blue')).toMatch(/#rrggbb/)
  })
})

describe('report templates', () => {
  const base: ReportTemplateSave = { name: 'Acme', agencyName: 'Northwind Web', accent: '#1D4ED8', coverLine: 'Monthly care', footer: 'Northwind Web · hello@northwind.test', showAppName: false, logo: null }

  it('saves, lists with the logo as a data URL, keeps the logo, and removes', async () => {
    const dirs = await withTempDirs()
    const dir = await dirs.make()
    const templates = new ReportTemplates(dir)
    const saved = await templates.save({ ...base, logo: { base64: SVG.toString('base64') } })
    expect(saved.logo).toBe(`data:image/svg+xml;base64,${SVG.toString('base64')}`)
    expect(saved.accent).toBe('#1d4ed8')
    expect(await readdir(join(dir, 'reports', 'logos'))).toEqual([`${saved.id}.svg`])
    const renamed = await templates.save({ ...base, id: saved.id, agencyName: 'Northwind', logo: 'keep' })
    expect(renamed.logo).toBe(saved.logo)
    expect((await templates.list()).map((t) => t.agencyName)).toEqual(['Northwind'])
    await templates.save({ ...base, id: saved.id, logo: null })
    expect(await readdir(join(dir, 'reports', 'logos'))).toEqual([])
    await templates.remove(saved.id)
    expect(JSON.parse(await readFile(join(dir, 'reports', 'templates.json'), 'utf8'))).toEqual({ templates: [] })
    await dirs.cleanup()
  })

  it('refuses a bad logo or a pale accent and keeps what was stored', async () => {
    const dirs = await withTempDirs()
    const templates = new ReportTemplates(await dirs.make())
    const saved = await templates.save(base)
    await expect(templates.save({ ...base, id: saved.id, agencyName: 'Changed', logo: { base64: Buffer.from('GIF89a').toString('base64') } })).rejects.toThrow(/not a PNG/)
    await expect(templates.save({ ...base, id: saved.id, accent: '#ffee00' })).rejects.toThrow(/contrast/)
    expect(await templates.list()).toEqual([saved])
    await dirs.cleanup()
  })
})

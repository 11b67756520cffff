import { describe, expect, it } from 'vitest'
import {
  addressKey,
  applyFixes,
  bareHostFix,
  countByStatus,
  mapColumns,
  missingTagNames,
  newSiteOf,
  previewImport,
  readImport,
  splitTags,
} from '../../../../src/renderer/src/lib/import-sites'
import { SITE_FIELDS, csvRecord, type Site, type SiteFieldKey } from '../../../../src/shared'
import { makeSite, makeTag } from '../../support/domain-objects'

const vip = makeTag(7, 'VIP')

/** Sites as core's export writes them: the fields' labels, then each site's text per field. */
function exportedCsv(sites: readonly Site[], keys: readonly SiteFieldKey[]): string {
  return [keys.map((key) => SITE_FIELDS[key].label), ...sites.map((site) => keys.map((key) => SITE_FIELDS[key].text(site)))].map(csvRecord).join('')
}
const EXISTING = [makeSite(1, { name: 'Shop', url: 'https://Shop.Example.com/' })]

function preview(csv: string) {
  const read = readImport(csv)
  expect(read.fileError).toBeNull()
  return previewImport(read.records, { sites: EXISTING, tags: [vip] })
}

describe('mapColumns', () => {
  it('matches headers without case, spaces, dashes or underscores, and lists the rest', () => {
    expect(mapColumns(['Name', 'ADDRESS', 'Admin URL', 'tags', 'Notes', 'Owner'])).toEqual({
      columns: { name: 0, url: 1, adminUrl: 2, tags: 3, notes: 4 },
      ignored: ['Owner'],
    })
    expect(mapColumns(['url', 'admin_url', 'name']).columns).toEqual({ url: 0, adminUrl: 1, name: 2 })
  })
})

describe('readImport', () => {
  it('refuses a file without a name or url column, saying what it found', () => {
    const read = readImport('title,link\nShop,https://x.example\n')
    expect(read.fileError).toMatch(/"name" and "url" \(or "address"\)/)
    expect(read.fileError).toMatch(/Found: title, link/)
  })

  it('refuses an empty file and a header without rows', () => {
    expect(readImport('').fileError).toBe('The file is empty.')
    expect(readImport('name,url\r\n').fileError).toBe('The file has a header row but no sites.')
  })

  it('numbers rows as a spreadsheet does and trims cells', () => {
    const read = readImport('name,url,tags\n  Shop  , https://a.example ,"VIP; New, vip"\n')
    expect(read.records).toEqual([{ line: 2, name: 'Shop', url: 'https://a.example', adminUrl: '', tagNames: ['VIP', 'New'], notes: '' }])
  })
})

describe('previewImport', () => {
  it('marks rows Ready, Invalid with why, and Already present against the account and the file', () => {
    const rows = preview(
      [
        'name,url,admin url,notes',
        'Blog,https://blog.example.org,,',
        ',https://noname.example,,',
        'Bare,bare.example.com,,',
        'Ftp,ftp://files.example,,',
        'Shop again,https://shop.example.com,,',
        'Blog twin,HTTPS://BLOG.example.org/,,',
        'Bad admin,https://ok.example,admin.ok.example,',
        `${'x'.repeat(256)},https://long.example,,`,
      ].join('\n'),
    )
    expect(rows.map((r) => [r.line, r.status])).toEqual([
      [2, 'ready'],
      [3, 'invalid'],
      [4, 'invalid'],
      [5, 'invalid'],
      [6, 'present'],
      [7, 'present'],
      [8, 'invalid'],
      [9, 'invalid'],
    ])
    expect(rows[1]!.problems).toEqual(['Name is missing.'])
    expect(rows[2]!.problems).toEqual(['Address needs http:// or https:// (https://bare.example.com?).'])
    expect(rows[2]!.fixes).toEqual({ url: 'https://bare.example.com' })
    expect(rows[3]!.problems).toEqual(['Address "ftp://files.example" is not an http(s) address.'])
    expect(rows[3]!.fixes).toEqual({})
    expect(rows[4]!.problems).toEqual(['Already in the account as "Shop".'])
    expect(rows[5]!.problems).toEqual(['Same address as row 2 above.'])
    expect(rows[6]!.fixes).toEqual({ adminUrl: 'https://admin.ok.example' })
    expect(rows[7]!.problems).toEqual(['Name must be at most 255 characters (it has 256).'])
    expect(countByStatus(rows)).toEqual({ ready: 1, invalid: 5, present: 2 })
  })

  it('turns a bare host Ready once its https:// fix is accepted', () => {
    const read = readImport('name,url\nBare,bare.example.com\nOther,nope\n')
    const first = previewImport(read.records, { sites: [], tags: [] })
    const fixed = applyFixes(read.records, first, new Set([2, 3]))
    const again = previewImport(fixed, { sites: [], tags: [] })
    expect(again.map((r) => [r.url, r.status])).toEqual([
      ['https://bare.example.com', 'ready'],
      ['nope', 'invalid'],
    ])
  })

  it('shows every row Already present when the same file is read after its sites exist', () => {
    const csv = 'name,url\nA,https://a.example\nB,https://b.example/\n'
    const created = [makeSite(10, { url: 'https://a.example' }), makeSite(11, { url: 'https://b.example' })]
    const rows = previewImport(readImport(csv).records, { sites: created, tags: [] })
    expect(rows.map((r) => r.status)).toEqual(['present', 'present'])
  })

  it('reads back a file this app exported, formula apostrophes removed', () => {
    const site = makeSite(5, { name: '=Odd name', url: 'https://odd.example', admin_url: 'https://odd.example/wp-admin', notes: 'n', tags: [vip] })
    const csv = exportedCsv([site], ['name', 'url', 'adminUrl', 'tags', 'notes', 'php'])
    const [row] = previewImport(readImport(csv).records, { sites: [], tags: [vip] })
    expect(row).toMatchObject({ status: 'ready', name: '=Odd name', url: 'https://odd.example', adminUrl: 'https://odd.example/wp-admin', tagNames: ['VIP'], notes: 'n' })
  })
})

describe('tags and request bodies', () => {
  it('lists each missing tag once, matching existing ones without case, only for Ready rows', () => {
    const rows = previewImport(readImport('name,url,tags\nA,https://a.example,vip;New\nB,https://b.example,new;Other\nC,,Skipped\n').records, {
      sites: [],
      tags: [vip],
    })
    expect(missingTagNames(rows, [vip])).toEqual(['New', 'Other'])
  })

  it('builds the create body with tag ids and only the fields given', () => {
    const [row] = preview('name,url,admin_url,tags,notes\nA,https://a.example,https://a.example/admin,VIP;new,Call first\n')
    const created = makeTag(9, 'New')
    expect(newSiteOf(row!, [vip, created])).toEqual({
      name: 'A',
      url: 'https://a.example',
      admin_url: 'https://a.example/admin',
      notes: 'Call first',
      tags: [7, 9],
    })
    const [plain] = preview('name,url\nB,https://b.example\n')
    expect(newSiteOf(plain!, [])).toEqual({ name: 'B', url: 'https://b.example' })
  })

  it('splits tag cells on ; and , and drops repeats', () => {
    expect(splitTags(' a ; B,b,, c ')).toEqual(['a', 'B', 'c'])
  })
})

describe('addresses', () => {
  it('compares host without case, without trailing slash or scheme; path case kept', () => {
    expect(addressKey('HTTPS://Shop.Example.com/')).toBe(addressKey('http://shop.example.com'))
    expect(addressKey('https://x.example/Path/')).toBe('x.example/Path')
    expect(addressKey('https://x.example/path')).not.toBe(addressKey('https://x.example/Path'))
  })

  it('offers https:// only for something that looks like a host', () => {
    expect(bareHostFix('shop.example.com/blog')).toBe('https://shop.example.com/blog')
    expect(bareHostFix('localhost:8080')).toBe('https://localhost:8080')
    expect(bareHostFix('hello')).toBeNull()
    expect(bareHostFix('two words.example')).toBeNull()
    expect(bareHostFix('mailto:a@b.example')).toBeNull()
  })
})

// The table names the columns it shows, and each row carries only what those columns show (and
// what its row's actions need: id, name, address, admin address): a keystroke sends a few
// hundred bytes a row, not every field. The digest covers what is sent, so a change of a hidden
// field costs the window nothing and a change of a shown one is noticed. With `widest`, core
// answers each shown column's longest cells over the whole scope: the table measures those few
// and never a block of rows.
import { describe, expect, it } from 'vitest'
import { EMPTY_FILTER, type SitesQuery } from '../../../../src/shared'
import { querySites } from '../../../../src/core/query'
import { makeSite, makeTag } from '../../support/domain-objects'
import { ACCOUNT_A, queryFixture } from './query-fixture'

const withSites = await queryFixture()

const ask = (extra: Partial<SitesQuery> = {}): SitesQuery => ({
  scope: [ACCOUNT_A],
  filter: EMPTY_FILTER,
  sort: [{ key: 'name', direction: 'asc' }],
  offset: 0,
  limit: 10,
  ...extra,
})

describe('a query naming its columns', () => {
  it('answers rows with only those columns’ fields and the row’s own', async () => {
    const q = await withSites({
      [ACCOUNT_A]: {
        sites: [makeSite(1, { name: 'Atelier', notes: 'a long note nobody shows', status: 'Ok', server: { php: '8.3', mysql: '8.0.36', web: 'nginx', ip: '10.0.0.1' } })],
        tags: [],
      },
    })
    const page = querySites(q.accounts([ACCOUNT_A]), ask({ columns: ['name', 'status', 'php', 'health'] }))
    const site = page.rows[0]!.site
    expect(Object.keys(site).sort()).toEqual(['admin_url', 'id', 'name', 'server', 'status', 'url'])
    expect(site.server).toEqual({ php: '8.3' })
    expect(site.status).toBe('Ok')
    expect(page.rows[0]!.accountId).toBe(ACCOUNT_A)
    expect(page.rows[0]!.key).toBe(`${ACCOUNT_A}:1`)
  })

  it('sends a shown tag as its chip shows it, its id and name, and whole tags without columns', async () => {
    const tag = makeTag(7, 'Production')
    const q = await withSites({ [ACCOUNT_A]: { sites: [makeSite(1, { tags: [tag] })], tags: [tag] } })
    expect(querySites(q.accounts([ACCOUNT_A]), ask({ columns: ['name', 'tags'] })).rows[0]!.site.tags).toEqual([{ id: 7, name: 'Production' }])
    const widest = querySites(q.accounts([ACCOUNT_A]), ask({ columns: ['name', 'tags'], widest: true })).widest!
    expect(widest.tags![0]!.tags).toEqual([{ id: 7, name: 'Production' }])
    expect(querySites(q.accounts([ACCOUNT_A]), ask()).rows[0]!.site.tags).toEqual([tag])
  })

  it('without columns answers whole sites (bulk actions and exports read them)', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites: [makeSite(1, { notes: 'kept' })], tags: [] } })
    const site = querySites(q.accounts([ACCOUNT_A]), ask()).rows[0]!.site
    expect(site.notes).toBe('kept')
    expect(site.created_at).toBeTypeOf('string')
  })

  it('a hidden field’s change keeps the digest; a shown field’s change moves it', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites: [makeSite(1, { name: 'Atelier', notes: 'first', status: 'Ok' })], tags: [] } })
    const columns = ['name', 'status'] as const
    const first = querySites(q.accounts([ACCOUNT_A]), ask({ columns: [...columns] }))

    q.store.replaceSnapshot(ACCOUNT_A, { sites: [makeSite(1, { name: 'Atelier', notes: 'changed', status: 'Ok' })], tags: [], syncedAt: '2026-11-02T11:00:00.000Z' })
    const hidden = querySites(q.accounts([ACCOUNT_A]), ask({ columns: [...columns], unlessDigest: first.digest }))
    expect(hidden.unchanged).toBe(true)
    expect(hidden.digest).toBe(first.digest)

    q.store.replaceSnapshot(ACCOUNT_A, { sites: [makeSite(1, { name: 'Atelier', notes: 'changed', status: 'Down' })], tags: [], syncedAt: '2026-11-02T12:00:00.000Z' })
    const shown = querySites(q.accounts([ACCOUNT_A]), ask({ columns: [...columns], unlessDigest: first.digest }))
    expect(shown.unchanged).toBeUndefined()
    expect(shown.digest).not.toBe(first.digest)
    expect(shown.rows[0]!.site.status).toBe('Down')
  })
})

describe('the widest cells', () => {
  it('are each shown column’s longest texts over the whole scope, whatever the search, only when asked', async () => {
    const sites = [
      makeSite(1, { name: 'A', notes: 'n' }),
      makeSite(2, { name: 'A much longer name of a site', notes: 'a note' }),
      makeSite(3, { name: 'Mid name', server: { php: '8.3.12-fpm', mysql: null, web: null, ip: null } }),
    ]
    const q = await withSites({ [ACCOUNT_A]: { sites, tags: [] } })
    expect(querySites(q.accounts([ACCOUNT_A]), ask({ columns: ['name', 'php'] })).widest).toBeUndefined()

    const page = querySites(q.accounts([ACCOUNT_A]), ask({ columns: ['name', 'php'], widest: true, filter: { ...EMPTY_FILTER, search: 'mid' } }))
    expect(page.total).toBe(1)
    expect(page.widest!.name![0]).toEqual({ name: 'A much longer name of a site' })
    expect(page.widest!.name!.map((cell) => cell.name)).toContain('Mid name')
    expect(page.widest!.php![0]).toEqual({ server: { php: '8.3.12-fpm' } })
    expect(Object.keys(page.widest!)).toEqual(['name', 'php'])
  })

  it('of Tags are the rows whose shown chips are widest, not the rows with the most tags', async () => {
    // A row shows two chips when their names fit together ("WordPress", "Staging"), otherwise the
    // first and "+N": five sites with eight one-letter tags show "A", "B", "+6", narrower than
    // "WordPress" "Staging", though their tags' names are longer in all.
    const letters = 'ABCDEFGH'.split('').map((letter, i) => makeTag(10 + i, letter))
    const many = Array.from({ length: 5 }, (_, i) => makeSite(i + 1, { tags: letters }))
    const two = makeSite(9, { tags: [makeTag(1, 'WordPress'), makeTag(2, 'Staging')] })
    const q = await withSites({ [ACCOUNT_A]: { sites: [...many, two], tags: [] } })
    const widest = querySites(q.accounts([ACCOUNT_A]), ask({ columns: ['tags'], widest: true })).widest!
    expect(widest.tags![0]!.tags!.map((tag) => tag.name)).toEqual(['WordPress', 'Staging'])
  })

  it('keep a few per column, each text once', async () => {
    const sites = Array.from({ length: 40 }, (_, i) => makeSite(i + 1, { name: `Site ${'x'.repeat(i % 20)}`, status: 'Ok' }))
    const q = await withSites({ [ACCOUNT_A]: { sites, tags: [] } })
    const widest = querySites(q.accounts([ACCOUNT_A]), ask({ columns: ['name', 'status'], widest: true })).widest!
    expect(widest.status).toEqual([{ status: 'Ok' }])
    const names = widest.name!.map((cell) => cell.name!)
    expect(new Set(names).size).toBe(names.length)
    expect(names.length).toBeLessThanOrEqual(6)
    expect(names[0]).toBe(`Site ${'x'.repeat(19)}`)
  })
})

// The rows an export writes, read a range (sites) or a slice (events) at a time from a real
// SqliteWorkspaceStore of two accounts: every matching row once, in the query's order, across
// more rows than one answer holds.
import { describe, expect, it } from 'vitest'
import { counting, queryRows, storedEvents } from '../../../../src/core/export'
import { EMPTY_FILTER, MAX_QUERY_ROWS, keyOf } from '../../../../src/shared'
import { ACCOUNT_A, ACCOUNT_B, event, site, storesPerTest } from '../store/fixtures'

const { dirs, stores } = await storesPerTest()
const SYNCED = '2026-11-02T12:00:00.000Z'

async function twoAccounts(sitesEach: number) {
  const store = stores.open(await dirs.make())
  for (const [accountId, offset] of [[ACCOUNT_A, 0], [ACCOUNT_B, 5000]] as const) {
    const sites = Array.from({ length: sitesEach }, (_, i) => site(i + 1, { name: `Site ${String(offset + i).padStart(5, '0')}`, updates_count: i % 3 }))
    store.replaceSnapshot(accountId, { sites, tags: [], syncedAt: SYNCED })
  }
  const account = (accountId: string, label: string) => ({
    accountId,
    label,
    sites: store.sites(accountId),
    tags: store.tags(accountId),
    revision: store.revision(accountId),
  })
  return { store, accounts: [account(ACCOUNT_A, 'Agency'), account(ACCOUNT_B, 'Bureau')] }
}

describe('queryRows', () => {
  it('reads every matching row once, in the sort order, across several ranges', async () => {
    const { accounts } = await twoAccounts(1300)
    const { items, count } = counting(queryRows(accounts, { scope: [ACCOUNT_A, ACCOUNT_B], filter: { ...EMPTY_FILTER, hasUpdates: true }, sort: [{ key: 'name', direction: 'desc' }] }))
    const names = [...items].map((row) => row.site.name)
    const expected = accounts.flatMap((a) => a.sites.filter((s) => (s.updates_count ?? 0) > 0).map((s) => s.name)).sort().reverse()
    expect(expected.length).toBeGreaterThan(MAX_QUERY_ROWS)
    expect(names).toEqual(expected)
    expect(count()).toBe(expected.length)
  })

  it('leaves out the rows of a selection’s exceptions', async () => {
    const { accounts } = await twoAccounts(4)
    const rows = [...queryRows(accounts, { scope: [ACCOUNT_A, ACCOUNT_B], filter: EMPTY_FILTER, sort: [] }, [keyOf(ACCOUNT_A, 2), keyOf(ACCOUNT_B, 4)])]
    expect(rows).toHaveLength(6)
    expect(rows.map((row) => row.key)).not.toContain(keyOf(ACCOUNT_A, 2))
    expect(rows.map((row) => row.key)).not.toContain(keyOf(ACCOUNT_B, 4))
  })

  it('reads only the rows named by keys', async () => {
    const { accounts } = await twoAccounts(10)
    const keys = [keyOf(ACCOUNT_B, 3), keyOf(ACCOUNT_A, 9), keyOf(ACCOUNT_A, 2)]
    const rows = [...queryRows(accounts, { scope: [ACCOUNT_A, ACCOUNT_B], filter: EMPTY_FILTER, sort: [{ key: 'name', direction: 'asc' }], keys })]
    expect(rows.map((row) => row.key)).toEqual([keyOf(ACCOUNT_A, 2), keyOf(ACCOUNT_A, 9), keyOf(ACCOUNT_B, 3)])
  })
})

describe('storedEvents', () => {
  it("reads every event of the scope newest first, across slices, none twice, equal times included", async () => {
    const { store } = await twoAccounts(3)
    const at = (i: number) => new Date(Date.parse('2026-11-01T00:00:00Z') + Math.floor(i / 3) * 60_000).toISOString()
    store.addEvents(ACCOUNT_A, Array.from({ length: 700 }, (_, i) => event(i + 1, { site_id: 1, created_at: at(i) })))
    store.addEvents(ACCOUNT_B, Array.from({ length: 500 }, (_, i) => event(i + 1, { site_id: 2, created_at: at(i) })))
    const read = [...storedEvents(store, { scope: [ACCOUNT_A, ACCOUNT_B] })]
    expect(read).toHaveLength(1200)
    expect(new Set(read.map((e) => e.key)).size).toBe(1200)
    const times = read.map((e) => Date.parse(e.created_at))
    expect(times).toEqual([...times].sort((x, y) => y - x))
    expect(read.find((e) => e.accountId === ACCOUNT_B)?.siteName).toBe('Site 05001')
  })
})

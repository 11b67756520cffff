// The Overview's figures of a scope, over the lists a real SqliteWorkspaceStore answers for
// two accounts: totals, the sites with the most pending updates (each in its own account) and
// the version groups with their exact values.
import { describe, expect, it } from 'vitest'
import { groupLabel, overviewStats, overviewTotals, topPending, versionGroups, countValues } from '../../../../src/core/overview'
import { NOT_KNOWN_GROUP, OTHER_GROUP, keyOf, type Site } from '../../../../src/shared'
import { ACCOUNT_A, ACCOUNT_B, site, storesPerTest } from '../store/fixtures'

const { dirs, stores } = await storesPerTest()

const NOW = Date.parse('2025-03-10T12:00:00Z')
const SYNCED = '2025-03-10T11:00:00.000Z'
const server = (php: string | null, mysql: string | null = '8.0.36', web: string | null = 'nginx/1.24.0') => ({ ip: null, php, mysql, web })

/** A store holding the two accounts' sites, and the scope's accounts as the channel reads them. */
async function scopeOf(a: Site[], b: Site[] = []) {
  const store = stores.open(await dirs.make())
  store.replaceSnapshot(ACCOUNT_A, { sites: a, tags: [], syncedAt: SYNCED })
  store.replaceSnapshot(ACCOUNT_B, { sites: b, tags: [], syncedAt: SYNCED })
  const account = (accountId: string) => ({ accountId, sites: store.sites(accountId) })
  return { one: [account(ACCOUNT_A)], both: [account(ACCOUNT_A), account(ACCOUNT_B)] }
}

describe('overview totals', () => {
  it('counts sites, those with updates, all updates, never checked and checked over 24 hours ago, over every account', async () => {
    const { one, both } = await scopeOf(
      [
        site(1, { updates_count: 3, last_check_at: '2025-03-10T11:00:00Z' }),
        site(2, { updates_count: 0, last_check_at: null }),
        site(3, { updates_count: 5, last_check_at: '2025-03-09T11:59:00Z' }),
        // Created a moment ago: the create answer has no updates_count.
        site(4, { updates_count: undefined, last_check_at: '2025-03-09T12:01:00Z' }),
      ],
      [site(1, { updates_count: 2, last_check_at: null }), site(9, { updates_count: 0, last_check_at: '2025-01-01T00:00:00Z' })],
    )
    expect(overviewTotals(one, NOW)).toEqual({ sites: 4, withUpdates: 2, pendingUpdates: 8, neverChecked: 1, stale: 1 })
    expect(overviewTotals(both, NOW)).toEqual({ sites: 6, withUpdates: 3, pendingUpdates: 10, neverChecked: 2, stale: 2 })
  })

  it('is all zeros for no sites', async () => {
    const { both } = await scopeOf([])
    expect(overviewStats(both, NOW)).toEqual({
      totals: { sites: 0, withUpdates: 0, pendingUpdates: 0, neverChecked: 0, stale: 0 },
      pending: [],
      versions: { php: [], mysql: [], web: [] },
    })
  })
})

describe('top pending sites', () => {
  it('keeps the sites with the most updates, most first, ties by name then account, none without updates, each with its key', async () => {
    const { both } = await scopeOf(
      [
        site(1, { name: 'Zeta', updates_count: 4 }),
        site(2, { name: 'Alpha', updates_count: 4 }),
        site(3, { name: 'None', updates_count: 0 }),
        site(4, { name: 'Big', updates_count: 9 }),
      ],
      // The same id and name in another account: a bar of its own, after A's (account order).
      [site(2, { name: 'Alpha', updates_count: 4 }), site(5, { name: 'Small', updates_count: 1 })],
    )
    // Equal updates and names: the account ids decide.
    const [first, second] = [ACCOUNT_A, ACCOUNT_B].sort()
    expect(topPending(both, 3)).toEqual([
      { key: keyOf(ACCOUNT_A, 4), accountId: ACCOUNT_A, siteId: 4, name: 'Big', updates: 9 },
      { key: keyOf(first!, 2), accountId: first, siteId: 2, name: 'Alpha', updates: 4 },
      { key: keyOf(second!, 2), accountId: second, siteId: 2, name: 'Alpha', updates: 4 },
    ])
    expect(topPending(both).map((p) => p.key)).toEqual([
      keyOf(ACCOUNT_A, 4),
      keyOf(first!, 2),
      keyOf(second!, 2),
      keyOf(ACCOUNT_A, 1),
      keyOf(ACCOUNT_B, 5),
    ])
  })

  it('shows at most 15', async () => {
    const { one } = await scopeOf(Array.from({ length: 40 }, (_, i) => site(i + 1, { updates_count: i + 1 })))
    const top = overviewStats(one, NOW).pending
    expect(top).toHaveLength(15)
    expect(top[0]).toMatchObject({ siteId: 40, updates: 40 })
    expect(top[14]).toMatchObject({ siteId: 26, updates: 26 })
  })
})

describe('version groups', () => {
  it('names groups as people say them', () => {
    expect(groupLabel('php', '8.2.18')).toBe('PHP 8.2')
    expect(groupLabel('php', '7.4.33')).toBe('PHP 7.4')
    expect(groupLabel('mysql', '8.0.36')).toBe('MySQL 8.0')
    expect(groupLabel('mysql', '10.6.17-MariaDB')).toBe('MariaDB 10.6')
    expect(groupLabel('web', 'Apache/2.4.58 (Debian)')).toBe('Apache')
    expect(groupLabel('web', 'nginx/1.26.1')).toBe('nginx')
    expect(groupLabel('web', 'LiteSpeed')).toBe('LiteSpeed')
    expect(groupLabel('php', '')).toBe(NOT_KNOWN_GROUP)
  })

  it('groups PHP by minor version over both accounts, exact versions most sites first, not known last', async () => {
    const { both } = await scopeOf(
      [site(1, { server: server('8.2.18') }), site(2, { server: server('8.2.20') }), site(3, { server: server(null) })],
      [site(1, { server: server('8.2.20') }), site(4, { server: server('8.3.9') }), site(5, { server: server(null) }), site(6, { server: server(null) })],
    )
    expect(overviewStats(both, NOW).versions.php).toEqual([
      { label: 'PHP 8.2', count: 3, values: [{ value: '8.2.20', count: 2 }, { value: '8.2.18', count: 1 }] },
      { label: 'PHP 8.3', count: 1, values: [{ value: '8.3.9', count: 1 }] },
      // '' is the Sites filter's value for "not known".
      { label: NOT_KNOWN_GROUP, count: 3, values: [{ value: '', count: 3 }] },
    ])
    expect(overviewStats(both, NOW).versions.mysql).toEqual([{ label: 'MySQL 8.0', count: 7, values: [{ value: '8.0.36', count: 7 }] }])
    expect(overviewStats(both, NOW).versions.web).toEqual([{ label: 'nginx', count: 7, values: [{ value: 'nginx/1.24.0', count: 7 }] }])
  })

  it('folds the smallest groups into Other, keeping their exact values, and every site counted once', async () => {
    const versions = ['5.6.1', '7.0.1', '7.1.1', '7.2.1', '7.3.1', '7.4.1', '8.0.1', '8.1.1', '8.2.1']
    const sites = versions.flatMap((v, i) => Array.from({ length: i + 1 }, (_, k) => site(i * 100 + k + 1, { server: server(v) })))
    const { one } = await scopeOf(sites)
    const groups = versionGroups(countValues([one[0]!.sites], 'php'), 'php', 4)
    expect(groups.map((g) => g.label)).toEqual(['PHP 8.2', 'PHP 8.1', 'PHP 8.0', OTHER_GROUP])
    const other = groups[3]!
    expect(other.count).toBe(1 + 2 + 3 + 4 + 5 + 6)
    expect(other.values.map((v) => v.value)).toEqual(['7.4.1', '7.3.1', '7.2.1', '7.1.1', '7.0.1', '5.6.1'])
    expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(sites.length)
    // With the default of seven slices, as the Overview draws them.
    expect(overviewStats(one, NOW).versions.php.map((g) => g.label)).toEqual(['PHP 8.2', 'PHP 8.1', 'PHP 8.0', 'PHP 7.4', 'PHP 7.3', 'PHP 7.2', OTHER_GROUP])
  })
})

describe('top pending sites over many', () => {
  it('equals sorting every site with updates and keeping the first, whatever the order they come in', async () => {
    // Many ties on updates and names, in a shuffled order.
    const sites = Array.from({ length: 400 }, (_, i) => site(((i * 37) % 400) + 1, { name: `Site ${(i * 7) % 13}`, updates_count: (i * 11) % 6 }))
    const { both } = await scopeOf(sites, sites.slice(0, 150))
    const all = both.flatMap(({ accountId, sites: list }) =>
      list.filter((s) => (s.updates_count ?? 0) > 0).map((s) => ({ key: keyOf(accountId, s.id), accountId, siteId: s.id, name: s.name, updates: s.updates_count! })),
    )
    all.sort((a, b) => b.updates - a.updates || a.name.localeCompare(b.name) || (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0) || a.siteId - b.siteId)
    for (const limit of [1, 15, 200, 1000]) expect(topPending(both, limit)).toEqual(all.slice(0, limit))
  })
})

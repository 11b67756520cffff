// An account's revision moves on with every write to it (sites, tags, events, sync
// bookkeeping, recorded changes, removal) and with none to another account, so the Sites
// table can tell an answer read before a write from one read after it.
import { beforeEach, expect, it } from 'vitest'
import type { SqliteWorkspaceStore } from '../../../../src/core/store/sqlite-workspace-store'
import { ACCOUNT_A, ACCOUNT_B, event, site, storesPerTest, tag } from './fixtures'

const { dirs, stores } = await storesPerTest()
let store: SqliteWorkspaceStore
beforeEach(async () => {
  store = stores.open(await dirs.make())
})

const writes: Array<[string, (store: SqliteWorkspaceStore) => void]> = [
  ['replaceSnapshot', (s) => s.replaceSnapshot(ACCOUNT_A, { sites: [site(1), site(2)], tags: [tag(1)], syncedAt: '2026-11-02T10:00:00.000Z' })],
  ['upsertSite', (s) => s.upsertSite(ACCOUNT_A, site(3))],
  ['removeSite', (s) => s.removeSite(ACCOUNT_A, 1)],
  ['upsertTag', (s) => s.upsertTag(ACCOUNT_A, tag(2))],
  ['removeTag', (s) => s.removeTag(ACCOUNT_A, 1)],
  ['addEvents', (s) => s.addEvents(ACCOUNT_A, [event(1)])],
  ['setSyncMeta', (s) => s.setSyncMeta(ACCOUNT_A, { lastAttemptAt: '2026-11-02T11:00:00.000Z' })],
  [
    'recordChanges',
    (s) =>
      s.recordChanges({ accountId: ACCOUNT_A, syncedAt: '2026-11-02T11:00:00.000Z', first: false, sitesAdded: [], sitesRemoved: [], updatesChanged: [], lastCheckChanged: [], newEventIds: [], newEventCount: 0 }),
  ],
  ['removeAccount', (s) => s.removeAccount(ACCOUNT_A)],
]

it.each(writes)('moves on with %s, for that account only', (_name, write) => {
  // Every write before this one, so the one under test has something to act on.
  for (const [name, earlier] of writes) {
    if (name === _name) break
    earlier(store)
  }
  const [a, b] = [store.revision(ACCOUNT_A), store.revision(ACCOUNT_B)]
  write(store)
  expect(store.revision(ACCOUNT_A)).not.toBe(a)
  expect(store.revision(ACCOUNT_B)).toBe(b)
})

it('stays put while the account is only read, and for events already stored', () => {
  store.replaceSnapshot(ACCOUNT_A, { sites: [site(1)], tags: [], syncedAt: '2026-11-02T10:00:00.000Z' })
  store.addEvents(ACCOUNT_A, [event(1)])
  const revision = store.revision(ACCOUNT_A)
  store.sites(ACCOUNT_A)
  store.tags(ACCOUNT_A)
  store.syncMeta(ACCOUNT_A)
  store.eventCount(ACCOUNT_A)
  store.addEvents(ACCOUNT_A, [event(1)])
  expect(store.revision(ACCOUNT_A)).toBe(revision)
})

it('goes on from run to run: a reopened store never gives out a revision at or below one an earlier run gave', async () => {
  const dir = await dirs.make()
  const first = stores.open(dir)
  first.replaceSnapshot(ACCOUNT_A, { sites: [site(1)], tags: [], syncedAt: '2026-11-02T10:00:00.000Z' })
  for (let n = 0; n < 5; n++) first.upsertSite(ACCOUNT_A, site(2 + n))
  const earlier = Math.max(first.revision(ACCOUNT_A), first.revision(ACCOUNT_B))
  first.close()
  // An answer kept from the first run (the web shell's kept first answers) must read as older
  // than the second run's, for an account written since and for one not written at all.
  const second = stores.open(dir)
  expect(second.revision(ACCOUNT_A)).toBeGreaterThan(earlier)
  expect(second.revision(ACCOUNT_B)).toBeGreaterThan(earlier)
  const before = second.revision(ACCOUNT_A)
  second.upsertSite(ACCOUNT_A, site(9))
  expect(second.revision(ACCOUNT_A)).toBeGreaterThan(before)
})

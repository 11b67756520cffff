// sites() and tags() are parsed once and kept per account until a write to that account: the
// same frozen lists between writes, and every write seen by the very next read.
import { beforeEach, describe, expect, it } from 'vitest'
import type { Site, Tag } from '../../../../src/shared'
import type { SqliteWorkspaceStore } from '../../../../src/core/store/sqlite-workspace-store'
import { ACCOUNT_A, ACCOUNT_B, site, tag, storesPerTest } from './fixtures'

const { dirs, stores } = await storesPerTest()
let store: SqliteWorkspaceStore
beforeEach(async () => {
  store = stores.open(await dirs.make())
  store.replaceSnapshot(ACCOUNT_A, { sites: [site(1, { tags: [tag(1)] }), site(2)], tags: [tag(1), tag(2)], syncedAt: '2026-11-02T10:00:00.000Z' })
  store.replaceSnapshot(ACCOUNT_B, { sites: [site(1)], tags: [tag(1)], syncedAt: '2026-11-02T10:00:00.000Z' })
})

/** Reads both lists first (so they are cached), then writes, then reads again. */
function readWriteRead(write: () => void): { sites: Site[]; tags: Tag[] } {
  store.sites(ACCOUNT_A)
  store.tags(ACCOUNT_A)
  write()
  return { sites: store.sites(ACCOUNT_A), tags: store.tags(ACCOUNT_A) }
}

describe('cached site and tag lists', () => {
  it('answers the same frozen lists while nothing is written, frozen all the way down', () => {
    const sites = store.sites(ACCOUNT_A)
    expect(store.sites(ACCOUNT_A)).toBe(sites)
    expect(store.tags(ACCOUNT_A)).toBe(store.tags(ACCOUNT_A))
    expect(Object.isFrozen(sites)).toBe(true)
    expect(Object.isFrozen(sites[0])).toBe(true)
    expect(Object.isFrozen(sites[0]!.tags[0])).toBe(true)
    expect(Object.isFrozen(sites[0]!.server)).toBe(true)
    expect(Object.isFrozen(store.tags(ACCOUNT_A)[0])).toBe(true)
    expect(() => (sites as Site[]).push(site(9))).toThrow(TypeError)
  })

  it('replaceSnapshot is seen by the next read', () => {
    const next = readWriteRead(() =>
      store.replaceSnapshot(ACCOUNT_A, { sites: [site(2, { name: 'Renamed' }), site(3)], tags: [tag(3)], syncedAt: '2026-11-02T11:00:00.000Z' }),
    )
    expect(next).toEqual({ sites: [site(2, { name: 'Renamed' }), site(3)], tags: [tag(3)] })
  })

  it('a sync that changed nothing keeps the lists as they were; one that changed the sites keeps only the tags', () => {
    const before = { sites: store.sites(ACCOUNT_A), tags: store.tags(ACCOUNT_A) }
    const revision = store.revision(ACCOUNT_A)
    const same = { sites: [site(1, { tags: [tag(1)] }), site(2)], tags: [tag(2), tag(1)] }
    store.replaceSnapshot(ACCOUNT_A, { ...same, syncedAt: '2026-11-02T11:00:00.000Z' })
    expect(store.sites(ACCOUNT_A)).toBe(before.sites)
    expect(store.tags(ACCOUNT_A)).toBe(before.tags)
    // Still a write: the revision moves on (the sync's time changed).
    expect(store.revision(ACCOUNT_A)).not.toBe(revision)
    store.replaceSnapshot(ACCOUNT_A, { ...same, sites: [site(1, { tags: [tag(1)] })], syncedAt: '2026-11-02T12:00:00.000Z' })
    expect(store.sites(ACCOUNT_A)).not.toBe(before.sites)
    expect(store.sites(ACCOUNT_A).map((s) => s.id)).toEqual([1])
    expect(store.tags(ACCOUNT_A)).toBe(before.tags)
    store.replaceSnapshot(ACCOUNT_A, { sites: [site(1, { tags: [tag(1)] })], tags: [tag(1)], syncedAt: '2026-11-02T13:00:00.000Z' })
    expect(store.tags(ACCOUNT_A)).toEqual([tag(1)])
  })

  it('upsertSite is seen by the next read', () => {
    expect(readWriteRead(() => store.upsertSite(ACCOUNT_A, site(5))).sites.map((s) => s.id)).toEqual([1, 2, 5])
    expect(readWriteRead(() => store.upsertSite(ACCOUNT_A, site(2, { notes: 'changed' }))).sites[1]).toEqual(site(2, { notes: 'changed' }))
  })

  it('removeSite is seen by the next read', () => {
    expect(readWriteRead(() => store.removeSite(ACCOUNT_A, 1)).sites.map((s) => s.id)).toEqual([2])
  })

  it('upsertTag is seen by the next read, in the tag list and in the sites that carry it', () => {
    const next = readWriteRead(() => store.upsertTag(ACCOUNT_A, tag(1, 'renamed')))
    expect(next.tags).toEqual([tag(1, 'renamed'), tag(2)])
    expect(next.sites[0]!.tags).toEqual([tag(1, 'renamed')])
  })

  it('removeTag is seen by the next read, in the tag list and in the sites that carried it', () => {
    const next = readWriteRead(() => store.removeTag(ACCOUNT_A, 1))
    expect(next.tags).toEqual([tag(2)])
    expect(next.sites[0]!.tags).toEqual([])
  })

  it('removeAccount is seen by the next read', () => {
    expect(readWriteRead(() => store.removeAccount(ACCOUNT_A))).toEqual({ sites: [], tags: [] })
  })

  it("a write to one account leaves the other account's lists as they were", () => {
    const other = store.sites(ACCOUNT_B)
    store.upsertSite(ACCOUNT_A, site(7))
    store.removeAccount(ACCOUNT_A)
    expect(store.sites(ACCOUNT_B)).toBe(other)
    expect(other).toEqual([site(1)])
  })

  it('a write that fails and rolls back leaves what is stored, and the next read answers it', () => {
    const before = store.sites(ACCOUNT_A)
    expect(() =>
      store.replaceSnapshot(ACCOUNT_A, {
        sites: [site(1, { name: 'New name' }), site(3, { name: null as unknown as string })],
        tags: [],
        syncedAt: '2026-11-02T11:00:00.000Z',
      }),
    ).toThrow()
    expect(store.sites(ACCOUNT_A)).toEqual(before)
    expect(store.tags(ACCOUNT_A)).toEqual([tag(1), tag(2)])
  })

  it('a list read inside a write does not outlive it', () => {
    // upsertTag reads nothing through sites(), but a read made while the transaction is open
    // (here: between two writes of one account) must not be answered after it.
    store.sites(ACCOUNT_A)
    store.upsertSite(ACCOUNT_A, site(3))
    const mid = store.sites(ACCOUNT_A)
    store.upsertSite(ACCOUNT_A, site(4))
    expect(store.sites(ACCOUNT_A)).not.toBe(mid)
    expect(store.sites(ACCOUNT_A).map((s) => s.id)).toEqual([1, 2, 3, 4])
  })
})

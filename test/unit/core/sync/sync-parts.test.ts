// The engine's pure parts, without a server or a store: local changes replayed onto a read,
// the newest-events read, where the backfill goes on, and the throttled state pushes.
import { describe, expect, it } from 'vitest'
import type { Page, Site, SiteEvent, SyncState } from '../../../../src/shared'
import { nextBackfillPage } from '../../../../src/core/sync/backfill-page'
import { applyLocalChanges } from '../../../../src/core/sync/local-changes'
import { readNewEvents } from '../../../../src/core/sync/read-new-events'
import { SyncStates } from '../../../../src/core/sync/sync-states'
import { envelope, site as wireSite, tag } from '../api/support/listener'
import { ManualClock } from './support/manual-clock'

const site = (id: number, extra: Partial<Site> = {}): Site => ({ ...(wireSite(id) as Site), ...extra })

function event(id: number, createdAt = `2026-01-01T10:00:${String(id % 60).padStart(2, '0')}+00:00`, siteId = 1): SiteEvent {
  return { id, site_id: siteId, category: 'client', message: `Event ${id}`, type: 'new_extension', created_at: createdAt }
}

describe('applyLocalChanges', () => {
  it('replays creates and deletes made while a sync read', () => {
    const read = { sites: [site(1, { tags: [tag(1), tag(2)] as Site['tags'] }), site(2)], tags: [tag(1), tag(2)] }
    const replayed = applyLocalChanges(read, [
      { kind: 'siteRemoved', siteId: 2 },
      { kind: 'siteSaved', site: site(3) },
      { kind: 'tagSaved', tag: tag(5) },
      { kind: 'tagRemoved', tagId: 1 },
    ])
    expect(replayed.sites.map((s) => s.id)).toEqual([1, 3])
    expect(replayed.sites[0]?.tags.map((t) => t.id)).toEqual([2])
    expect(replayed.tags.map((t) => t.id)).toEqual([2, 5])
    expect(read.sites).toHaveLength(2)
  })

  it('keeps one copy of a site the read has already', () => {
    const replayed = applyLocalChanges({ sites: [site(1)], tags: [] }, [{ kind: 'siteSaved', site: site(1, { name: 'Mine' }) }])
    expect(replayed.sites).toEqual([site(1, { name: 'Mine' })])
  })
})

describe('nextBackfillPage', () => {
  const read = (nextPage: number | null, reachedKnown: boolean) => ({ events: [], nextPage, reachedKnown, perPage: 15 })

  it('after a first sync, goes on where its window ended', () => {
    expect(nextBackfillPage(read(11, false), 150, true, null)).toBe(11)
    expect(nextBackfillPage(read(null, true), 20, true, null)).toBeNull()
  })

  it('skips the whole pages new events pushed back, and fills a gap left by a read that stopped short', () => {
    expect(nextBackfillPage(read(null, true), 31, false, 4)).toBe(6)
    expect(nextBackfillPage(read(3, false), 0, false, null)).toBe(3)
    expect(nextBackfillPage(read(3, false), 31, false, 4)).toBe(3)
    expect(nextBackfillPage(read(null, true), 5, false, null)).toBeNull()
  })
})

describe('readNewEvents', () => {
  /** Events 1..count, newest (highest id) first, 15 a page. */
  function feed(count: number) {
    const all = Array.from({ length: count }, (_, i) => event(count - i))
    const asked: number[] = []
    return {
      asked,
      fetchPage: async (page: number): Promise<Page<SiteEvent>> => {
        asked.push(page)
        return envelope(all, page, 'http://x/v1/logs') as Page<SiteEvent>
      },
    }
  }

  it('stops at the first page that holds a stored event', async () => {
    const { asked, fetchPage } = feed(100)
    const stored = new Set(Array.from({ length: 70 }, (_, i) => i + 1))
    const read = await readNewEvents({ fetchPage, known: (ids) => new Set(ids.filter((id) => stored.has(id))), maxPages: 50 })
    // 30 new events fill pages 1 and 2 exactly; page 3 begins with the newest stored one.
    expect(asked).toEqual([1, 2, 3])
    expect(read.events.map((e) => e.id)).toEqual(Array.from({ length: 30 }, (_, i) => 100 - i))
    expect(read).toMatchObject({ reachedKnown: true, nextPage: 4, perPage: 15 })
  })

  it('reads to the end of a list with nothing stored, and says so', async () => {
    const { asked, fetchPage } = feed(20)
    const read = await readNewEvents({ fetchPage, known: () => new Set(), maxPages: 10 })
    expect(asked).toEqual([1, 2])
    expect(read).toMatchObject({ reachedKnown: false, nextPage: null })
    expect(read.events).toHaveLength(20)
  })

  it('stops after maxPages and answers the page to go on from', async () => {
    const { asked, fetchPage } = feed(200)
    const read = await readNewEvents({ fetchPage, known: () => new Set(), maxPages: 3 })
    expect(asked).toEqual([1, 2, 3])
    expect(read).toMatchObject({ reachedKnown: false, nextPage: 4 })
  })
})

describe('SyncStates', () => {
  function board(meta = { lastSyncedAt: '2026-01-01T00:00:00.000Z', lastAttemptAt: null, eventsBackfillPage: 4 }) {
    const clock = new ManualClock()
    const pushed: SyncState[] = []
    const states = new SyncStates({ emit: (s) => pushed.push(s), meta: () => meta, clock, progressIntervalMs: 100 })
    return { clock, pushed, states }
  }

  it('starts from the stored bookkeeping', () => {
    const { states, pushed } = board()
    expect(states.get('a')).toEqual({
      accountId: 'a',
      status: 'idle',
      progress: null,
      error: null,
      lastSyncedAt: '2026-01-01T00:00:00.000Z',
      lastAttemptAt: null,
      notice: null,
      backfilling: true,
    })
    expect(pushed).toEqual([])
  })

  it('pushes progress at most once per interval, the latest, and never after the sync ended', () => {
    const { clock, states, pushed } = board()
    states.update('a', { status: 'syncing', progress: { done: 0, total: null } })
    for (let done = 1; done <= 50; done++) states.progress('a', { done, total: 50 })
    expect(pushed).toHaveLength(1)
    expect(states.get('a').progress).toEqual({ done: 50, total: 50 })
    clock.advance(100)
    expect(pushed.map((s) => s.progress?.done)).toEqual([0, 50])
    states.progress('a', { done: 51, total: 60 })
    states.update('a', { status: 'idle', progress: null })
    clock.advance(1_000)
    expect(pushed.map((s) => s.status)).toEqual(['syncing', 'syncing', 'idle'])
    // Progress that arrives after the end is not a sync under way.
    states.progress('a', { done: 52, total: 60 })
    expect(states.get('a').progress).toBeNull()
  })
})

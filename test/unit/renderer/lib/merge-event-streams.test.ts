import { describe, expect, it } from 'vitest'
import type { SiteEvent } from '../../../../src/shared'
import { eventKey, mergeEventStreams, streamsToRead, type EventStream } from '../../../../src/renderer/src/lib/merge-event-streams'
import { makeEvent } from '../support/fake-api'

/** An event at a minute of 1 Jan 2025 (UTC). */
function at(id: number, minute: number, offset = '+00:00'): SiteEvent {
  const utc = new Date(Date.UTC(2025, 0, 1, 0, minute))
  if (offset === '+00:00') return makeEvent(id, { created_at: utc.toISOString().replace('Z', offset) })
  // The same moment written in +02:00 (as an API may): 2 hours later on the clock.
  const local = new Date(utc.getTime() + 2 * 3600_000).toISOString().replace('Z', '').replace(/\.\d+$/, '')
  return makeEvent(id, { created_at: `${local}+02:00` })
}

function stream(accountId: string, events: SiteEvent[], next: boolean, total = events.length): EventStream {
  const last = events.at(-1)
  return { accountId, events, next: next && last ? { createdAt: last.created_at, id: last.id } : null, total }
}

const keys = (events: ReadonlyArray<{ accountId: string; id: number }>) => events.map((e) => `${e.accountId}:${e.id}`)

describe('merging accounts’ event streams', () => {
  it('lays complete streams together newest first, across offsets, and adds up the totals', () => {
    const a = stream('a', [at(3, 50), at(2, 30), at(1, 10)], false)
    // Minute 40 written in +02:00: between a's 50 and 30.
    const b = stream('b', [at(9, 40, '+02:00'), at(8, 5)], false)
    const merged = mergeEventStreams([a, b])
    expect(keys(merged.events)).toEqual(['a:3', 'b:9', 'a:2', 'a:1', 'b:8'])
    expect(merged.total).toBe(5)
    expect(merged.hasMore).toBe(false)
  })

  it('reads times as core’s store does, an hours-only offset included', () => {
    // 10:40+02 is 08:40 UTC: between a's 09:00 and 08:30. Date.parse cannot read it at all.
    const a = stream('a', [makeEvent(2, { created_at: '2025-01-01T09:00:00+00:00' }), makeEvent(1, { created_at: '2025-01-01T08:30:00+00:00' })], false)
    const b = stream('b', [makeEvent(5, { created_at: '2025-01-01T10:40:00+02' })], false)
    expect(keys(mergeEventStreams([a, b]).events)).toEqual(['a:2', 'b:5', 'a:1'])
  })

  it('keeps the same event id of two accounts apart', () => {
    const merged = mergeEventStreams([stream('a', [at(7, 20)], false), stream('b', [at(7, 10)], false)])
    expect(merged.events.map(eventKey)).toEqual(['a:7', 'b:7'])
  })

  it('shows only what is certain: nothing older than the last read event of an account with more', () => {
    // a has more after minute 30: b's minute-20 event may have unread a-events above it.
    const a = stream('a', [at(3, 50), at(2, 30)], true, 10)
    const b = stream('b', [at(9, 40), at(8, 20), at(7, 1)], false)
    const merged = mergeEventStreams([a, b])
    expect(keys(merged.events)).toEqual(['a:3', 'b:9', 'a:2'])
    expect(merged.total).toBe(13)
    expect(merged.hasMore).toBe(true)
    expect(merged.heldBack).toEqual({ a: 0, b: 2 })
    // The account holding the others back is the one read next, not the one with rows waiting.
    expect(streamsToRead([a, b], merged, 2)).toEqual(['a'])
  })

  it('orders ties in time by account, and holds back a tie only when the other account may still have one', () => {
    const a = stream('a', [at(5, 30)], true, 4)
    const b = stream('b', [at(6, 30)], true, 4)
    const merged = mergeEventStreams([a, b])
    // a's event at minute 30 comes first (account a before b); b's at 30 must wait, since a may
    // have another event at minute 30 not read yet.
    expect(keys(merged.events)).toEqual(['a:5'])
    expect(merged.heldBack).toEqual({ a: 0, b: 1 })
    const done = mergeEventStreams([stream('a', [at(5, 30)], false), stream('b', [at(6, 30)], false)])
    expect(keys(done.events)).toEqual(['a:5', 'b:6'])
  })

  it('waits for an account with more but nothing read yet', () => {
    const merged = mergeEventStreams([{ accountId: 'a', events: [], next: { createdAt: 'x', id: 1 }, total: 3 }, stream('b', [at(1, 1)], false)])
    expect(merged.events).toEqual([])
    expect(merged.hasMore).toBe(true)
  })

  it('reading page after page yields exactly the merged order of everything', () => {
    const all: Record<string, SiteEvent[]> = {
      a: Array.from({ length: 23 }, (_, i) => at(100 + i, 3 * i)).reverse(),
      b: Array.from({ length: 17 }, (_, i) => at(100 + i, 4 * i + 1)).reverse(),
      c: Array.from({ length: 5 }, (_, i) => at(i + 1, 3 * i)).reverse(),
    }
    const page = 4
    const read: Record<string, number> = { a: page, b: page, c: page }
    const streams = () => Object.entries(all).map(([id, events]) => stream(id, events.slice(0, read[id]), read[id]! < events.length, events.length))
    let merged = mergeEventStreams(streams())
    const shown: string[][] = [keys(merged.events)]
    for (let guard = 0; merged.hasMore && guard < 50; guard++) {
      for (const id of streamsToRead(streams(), merged, page)) read[id] = Math.min(all[id]!.length, read[id]! + page)
      merged = mergeEventStreams(streams())
      shown.push(keys(merged.events))
    }
    expect(merged.hasMore).toBe(false)
    expect(merged.total).toBe(45)
    // Each step only adds below what was shown: nothing slips in above rows already on screen.
    for (let i = 1; i < shown.length; i++) expect(shown[i]!.slice(0, shown[i - 1]!.length)).toEqual(shown[i - 1])
    const expected = Object.entries(all)
      .flatMap(([id, events]) => events.map((e) => ({ id: e.id, accountId: id, t: Date.parse(e.created_at) })))
      .sort((x, y) => y.t - x.t || x.accountId.localeCompare(y.accountId) || y.id - x.id)
    expect(keys(merged.events)).toEqual(keys(expected))
  })
})

import { describe, expect, it, vi } from 'vitest'
import Papa from 'papaparse'
import type { EventQuery, Result, EventSlice, ScopedEvent } from '../../../../src/shared'
import { EVENT_PAGE_SIZE, accountEventsToCsv, eventsToCsv, readAllEvents } from '../../../../src/renderer/src/lib/export-events'
import { queryEvents, syncState } from '../../renderer/support/fake-api'
import { makeEvent, makeSite } from '../../support/domain-objects'

const sites = [makeSite(1, { name: 'Shop' }), makeSite(2, { name: 'Blog' })]
const events = Array.from({ length: 1203 }, (_, i) =>
  makeEvent(i + 1, { site_id: (i % 2) + 1, type: i % 3 === 0 ? 'new_extension' : 'updated_extension', message: `Change ${i + 1}` }),
)
const data = { a: { sites, tags: [], events, sync: syncState('a') } }
/** The fake core's answer, which these reads never see fail. */
const slice = (query: EventQuery): EventSlice => {
  const result = queryEvents(data, query)
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

describe('readAllEvents', () => {
  it('reads every matching event in pages of 500, newest first, reporting progress', async () => {
    const readPage = vi.fn(async (query: EventQuery): Promise<Result<EventSlice>> => queryEvents(data, query))
    const progress: Array<[number, number]> = []
    const result = await readAllEvents({ scope: ['a'], types: ['new_extension'] }, readPage, (read, total) => progress.push([read, total]))
    const expected = slice({ scope: ['a'], types: ['new_extension'], limit: 5000 }).events
    expect(expected).toHaveLength(401)
    expect(result).toEqual({ ok: true, value: { events: expected, cancelled: false } })
    expect(readPage.mock.calls.map(([q]) => q.limit)).toEqual([EVENT_PAGE_SIZE])
    expect(progress).toEqual([[401, 401]])

    const all = await readAllEvents({ scope: ['a'] }, readPage, (read, total) => progress.push([read, total]))
    expect(all.ok && all.value.events.map((e) => e.id)).toEqual(events.map((e) => e.id).reverse())
    expect(readPage.mock.calls.slice(1).map(([q]) => [q.limit, q.after?.id ?? null])).toEqual([
      [500, null],
      [500, 704],
      [500, 204],
    ])
    expect(progress.slice(1)).toEqual([
      [500, 1203],
      [1000, 1203],
      [1203, 1203],
    ])
  })

  it('answers the failure of a page, and stops when asked', async () => {
    const failing = async (): Promise<Result<EventSlice>> => ({ ok: false, error: { code: 'internal', message: 'Store closed.' } })
    expect(await readAllEvents({ scope: ['a'] }, failing)).toEqual({ ok: false, error: { code: 'internal', message: 'Store closed.' } })
    let pages = 0
    const stopped = await readAllEvents(
      { scope: ['a'] },
      async (q) => {
        pages += 1
        return queryEvents(data, q)
      },
      () => {},
      // Stop pressed while the second page is read: it is not read on, nor taken.
      () => pages >= 2,
    )
    expect(stopped.ok && [stopped.value.events.length, stopped.value.cancelled]).toEqual([500, true])
    expect(pages).toBe(2)
  })
})

const scoped = (e: ReturnType<typeof makeEvent>, siteName: string | null, accountId = 'a'): ScopedEvent => ({ ...e, accountId, key: `${accountId}:${e.id}`, siteName })

describe('eventsToCsv', () => {
  it('has time (ISO), site id, site name, type, category and message, formulas neutralised', () => {
    const csv = eventsToCsv([scoped(makeEvent(1, { site_id: 2, message: '=2+2 updated, "quoted"', created_at: '2025-03-01T10:42:00+01:00' }), 'Blog')])
    expect(Papa.parse<string[]>(csv, { skipEmptyLines: true }).data).toEqual([
      ['Time', 'Site id', 'Site name', 'Type', 'Category', 'Message'],
      ['2025-03-01T09:42:00.000Z', '2', 'Blog', 'updated_extension', 'client', `'=2+2 updated, "quoted"`],
    ])
  })

  it('leaves the name of a site the store no longer holds empty; a scope of several accounts names each row\'s account', () => {
    const gone = scoped(makeEvent(2, { site_id: 9, created_at: '2025-03-01T10:00:00Z' }), null, 'b')
    expect(Papa.parse<string[]>(eventsToCsv([gone]), { skipEmptyLines: true }).data[1]).toEqual(['2025-03-01T10:00:00.000Z', '9', '', 'updated_extension', 'client', 'Event 2'])
    const csv = accountEventsToCsv([gone], (accountId) => (accountId === 'b' ? 'Bureau' : ''))
    expect(Papa.parse<string[]>(csv, { skipEmptyLines: true }).data).toEqual([
      ['Time', 'Account', 'Site id', 'Site name', 'Type', 'Category', 'Message'],
      ['2025-03-01T10:00:00.000Z', 'Bureau', '9', '', 'updated_extension', 'client', 'Event 2'],
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { attentionSummary, type AttentionInput } from '../../../../src/core/attention'
import type { Site, SyncChanges } from '../../../../src/shared'
import { attentionSite, syncChanges } from './support/attention-fixtures'

const SYNCED_AT = '2026-11-23T12:00:00.000Z'
const HOUR = 60 * 60 * 1000
const hoursAgo = (hours: number): string => new Date(Date.parse(SYNCED_AT) - hours * HOUR).toISOString()

const site = (id: number, lastCheckHoursAgo: number | null, updates = 0): Site =>
  attentionSite(id, updates, lastCheckHoursAgo === null ? null : hoursAgo(lastCheckHoursAgo))
const changes = (patch: Partial<SyncChanges> = {}): SyncChanges => syncChanges('acc-1', SYNCED_AT, patch)

function input(patch: Partial<AttentionInput> = {}): AttentionInput {
  return {
    changes: changes(),
    accountLabel: 'Agency',
    sites: [site(1, 1), site(2, 2), site(3, 3)],
    updateEventSiteIds: [],
    notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true },
    previousSyncedAt: hoursAgo(0.1),
    ...patch,
  }
}

describe('attentionSummary', () => {
  it('says nothing after an account\'s first sync, whatever it found', () => {
    const first = input({
      changes: changes({ first: true, updatesChanged: [{ siteId: 1, from: null, to: 4 }] }),
      updateEventSiteIds: [1, 2],
      previousSyncedAt: null,
      sites: [site(1, 48)],
    })
    expect(attentionSummary(first)).toBeNull()
  })

  it('says nothing when nothing counts', () => {
    expect(attentionSummary(input({ changes: changes({ updatesChanged: [{ siteId: 1, from: 5, to: 2 }] }) }))).toBeNull()
  })

  it('counts sites whose pending updates rose and opens the sites with updates', () => {
    const summary = attentionSummary(
      input({ changes: changes({ updatesChanged: [{ siteId: 1, from: 1, to: 3 }, { siteId: 2, from: null, to: 2 }, { siteId: 3, from: 4, to: 0 }] }) }),
    )
    expect(summary).toEqual({
      accountId: 'acc-1',
      accountLabel: 'Agency',
      title: 'Agency: 2 sites need attention',
      body: '2 sites have more pending updates',
      path: '/sites',
      query: { updates: '1' },
      counts: { newUpdateEvents: 0, pendingRose: 2, notChecked: 0 },
    })
  })

  it('opens the update events when new update events are all there is', () => {
    const summary = attentionSummary(input({ updateEventSiteIds: [2, 2, 3] }))
    expect(summary?.title).toBe('Agency: 2 sites need attention')
    expect(summary?.body).toBe('3 new extension updates available')
    expect(summary?.path).toBe('/events')
    expect(summary?.query).toEqual({ type: 'update_extension_available' })
  })

  it('counts a site that went over 24 hours unchecked since the previous sync once, not after every sync', () => {
    const sites = [site(1, 24.05), site(2, 30), site(3, 1), site(4, null)]
    const summary = attentionSummary(input({ sites, previousSyncedAt: hoursAgo(0.1) }))
    // Site 1 crossed the line in the last 6 minutes; site 2 and the never-checked site 4 (created 1000 h ago) were over it already.
    expect(summary?.counts).toEqual({ newUpdateEvents: 0, pendingRose: 0, notChecked: 1 })
    expect(summary?.title).toBe('Agency: 1 site needs attention')
    expect(summary?.body).toBe('1 site has not been checked for over 24 hours')
    expect(summary?.path).toBe('/sites')
    expect(summary?.query).toEqual({ sort: 'lastCheck' })
  })

  it('counts every unchecked site when the previous sync is not known, and a newly added one', () => {
    const sites = [site(1, 30), site(2, null), site(3, 2)]
    expect(attentionSummary(input({ sites, previousSyncedAt: null }))?.counts.notChecked).toBe(2)
    const added = attentionSummary(input({ sites, changes: changes({ sitesAdded: [1] }) }))
    expect(added?.counts.notChecked).toBe(1)
  })

  it('leaves out the causes turned off in Settings', () => {
    const all = input({
      changes: changes({ updatesChanged: [{ siteId: 1, from: 0, to: 1 }] }),
      updateEventSiteIds: [2],
      sites: [site(3, 24.05)],
    })
    const summary = attentionSummary(all)
    expect(summary?.counts).toEqual({ newUpdateEvents: 1, pendingRose: 1, notChecked: 1 })
    expect(summary?.title).toBe('Agency: 3 sites need attention')
    expect(summary?.body.split('\n')).toEqual([
      '1 new extension update available',
      '1 site has more pending updates',
      '1 site has not been checked for over 24 hours',
    ])
    const someOff = attentionSummary({ ...all, notifyOn: { newUpdateEvents: false, pendingRose: true, notChecked: false } })
    expect(someOff?.counts).toEqual({ newUpdateEvents: 0, pendingRose: 1, notChecked: 0 })
    expect(attentionSummary({ ...all, notifyOn: { newUpdateEvents: false, pendingRose: false, notChecked: false } })).toBeNull()
  })
})

// Column widths measured once per list of sites: at once for a short list; for a long one its
// likeliest widest cells first and every site in idle slices, the table told once at the end.
import { describe, expect, it, vi } from 'vitest'
import type { Site } from '../../../../../../src/shared'
import { ColumnSizer } from '../../../../../../src/renderer/src/components/sites/table/column-sizer'
import { MEASURE_AT_ONCE, SnapshotWidths, type IdleSchedule, type IdleTime } from '../../../../../../src/renderer/src/components/sites/table/snapshot-widths'
import { widthCandidates } from '../../../../../../src/renderer/src/components/sites/table/width-candidates'
import { makeSite, makeTag } from '../../../support/fake-api'

/** Idle callbacks run by hand, each with as much idle time as the test says. */
function manualIdle() {
  const queue: Array<(idle: IdleTime) => void> = []
  const schedule: IdleSchedule = (work) => {
    queue.push(work)
    return () => queue.splice(queue.indexOf(work), 1)
  }
  return {
    schedule,
    pending: () => queue.length,
    /** Runs the next idle callback with `ms` of idle time (0: one slice only). */
    runOne(ms = 0) {
      const work = queue.shift()
      work?.({ timeRemaining: () => ms })
    },
    runAll() {
      while (queue.length > 0) this.runOne(0)
    },
  }
}

const many = (count: number, name: (i: number) => string = (i) => `Site ${i}`): Site[] =>
  Array.from({ length: count }, (_, i) => makeSite(i + 1, { name: name(i + 1), url: `https://s${i + 1}.example.com` }))

describe('SnapshotWidths', () => {
  it('measures a short list whole at once, the same as the sizer would', () => {
    const sites = many(20, (i) => (i === 7 ? 'Brightwater Veterinary Clinic 12' : `Site ${i}`))
    const idle = manualIdle()
    const widths = new SnapshotWidths(() => {}, idle.schedule).widths(['name', 'url'], sites)
    expect(widths).toEqual(new ColumnSizer().widths(['name', 'url'], sites))
    expect(idle.pending()).toBe(0)
  })

  it('measures a list once: the same list again measures nothing, whatever the rows shown', () => {
    const sites = many(30)
    const widths = new SnapshotWidths(() => {}, manualIdle().schedule)
    widths.widths(['name'], sites)
    const measure = vi.spyOn(widths.sizer, 'grow')
    widths.widths(['name'], sites)
    widths.widths(['name'], sites)
    expect(measure).not.toHaveBeenCalled()
  })

  it('sizes a long list from its longest texts at once, then every site when idle, telling the table once', () => {
    // The widest address shown is not the longest address written ("www." is not shown), so
    // only the idle pass over every site finds it.
    const sites = Array.from({ length: MEASURE_AT_ONCE * 3 }, (_, i) =>
      makeSite(i + 1, { url: i === 1000 ? `https://${'y'.repeat(19)}.example` : `https://www.${'x'.repeat(16)}.example` }),
    )
    const grown = vi.fn()
    const idle = manualIdle()
    const widths = new SnapshotWidths(grown, idle.schedule)
    const first = widths.widths(['url'], sites).url!
    const exact = new ColumnSizer().widths(['url'], sites).url!
    expect(first).toBeLessThan(exact)
    expect(idle.pending()).toBe(1)

    // Asked again before the pass ends: no second pass.
    widths.widths(['url'], sites)
    expect(idle.pending()).toBe(1)

    // One slice per idle callback when the page has no time to spare; the table is told at the end only.
    idle.runOne(0)
    expect(grown).not.toHaveBeenCalled()
    expect(idle.pending()).toBe(1)
    idle.runAll()
    expect(grown).toHaveBeenCalledTimes(1)
    expect(widths.widths(['url'], sites).url).toBe(exact)
    expect(idle.pending()).toBe(0)
  })

  it('does not tell the table when the idle pass found nothing wider', () => {
    const sites = many(MEASURE_AT_ONCE * 2)
    const grown = vi.fn()
    const idle = manualIdle()
    const widths = new SnapshotWidths(grown, idle.schedule)
    const first = widths.widths(['name', 'url'], sites)
    idle.runAll()
    expect(grown).not.toHaveBeenCalled()
    expect(widths.widths(['name', 'url'], sites)).toEqual(first)
  })

  it('starts over for a new list and drops the pass over the old one', () => {
    const idle = manualIdle()
    const widths = new SnapshotWidths(() => {}, idle.schedule)
    widths.widths(['name'], many(MEASURE_AT_ONCE * 2))
    widths.widths(['name'], many(MEASURE_AT_ONCE * 2))
    expect(idle.pending()).toBe(1)
    widths.stop()
    expect(idle.pending()).toBe(0)
  })

  it('forgets the widest cells of another account on reset', () => {
    const wide = many(5, () => 'Brightwater Veterinary Clinic 12')
    const narrow = many(5, () => 'Shop')
    const widths = new SnapshotWidths(() => {}, manualIdle().schedule)
    const before = widths.widths(['name'], wide).name!
    widths.reset()
    expect(widths.widths(['name'], narrow).name).toBeLessThan(before)
  })
})

describe('widthCandidates', () => {
  it("picks each column's sites with the longest text", () => {
    const sites = many(100)
    const longName = makeSite(500, { name: 'The longest name of all the sites here', url: 'https://a.example' })
    const longUrl = makeSite(501, { name: 'B', url: 'https://a-very-long-address-for-a-site.example.com' })
    const picked = widthCandidates(['name', 'url'], [...sites, longName, longUrl], 3)
    expect(picked).toContain(longName)
    expect(picked).toContain(longUrl)
    expect(picked.length).toBeLessThanOrEqual(6)
  })

  it('counts every tag chip of a site', () => {
    const tag = (id: number, name: string) => makeTag(id, name)
    const few = makeSite(1, { tags: [tag(1, 'VIP')] })
    const lots = makeSite(2, { tags: [tag(1, 'VIP'), tag(2, 'Retail'), tag(3, 'Staging')] })
    expect(widthCandidates(['tags'], [lots, few], 1)).toEqual([lots])
  })
})

// The sites table's column widths, measured once per list of sites and column, never per
// keystroke, and only growing until `reset` (another scope). The table hands it the rows it
// has fetched from core, a block at a time (each block one list, measured once): the renderer
// never holds the whole list, so a column is as wide as the widest row seen so far. A short
// list is measured whole at once. A long one (thousands of sites) would hold the first paint for far too long, so its
// likeliest widest cells are measured first (width-candidates.ts), and every site after, a
// slice at a time while the page is idle; when that pass finds a wider cell the table is told
// once, at its end.
import type { Site } from '../../../../../shared'
import type { SiteFieldKey } from '../../../lib/site-fields'
import { SITE_COLUMNS } from '../columns'
import { ColumnSizer, type FontFamilies } from './column-sizer'
import { widthCandidates } from './width-candidates'

/** What an idle callback is given: how long the page expects to stay idle. */
export interface IdleTime {
  timeRemaining(): number
}
/** Runs `work` when the page is next idle; returns what cancels it. */
export type IdleSchedule = (work: (idle: IdleTime) => void) => () => void

/** How long a slice may run where the browser cannot say how idle it is. */
const FALLBACK_SLICE_MS = 8

/** The browser's requestIdleCallback (with a deadline, so a busy page still gets there), or a timer where there is none. */
export const browserIdle: IdleSchedule = (work) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 1_000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(() => {
    const end = performance.now() + FALLBACK_SLICE_MS
    work({ timeRemaining: () => Math.max(0, end - performance.now()) })
  }, 0)
  return () => clearTimeout(id)
}

/** A list this long or shorter is measured whole at once (a few milliseconds). */
export const MEASURE_AT_ONCE = 400
/** Sites measured between two looks at the clock. */
const SLICE_SITES = 50

interface Pass {
  sites: readonly Site[]
  keys: readonly SiteFieldKey[]
  cancel: () => void
}

export class SnapshotWidths {
  readonly sizer: ColumnSizer
  /** Per list, the columns every one of its sites has been measured for. */
  private measured = new WeakMap<readonly Site[], Set<SiteFieldKey>>()
  private pass: Pass | null = null

  /** `grown`: called when an idle pass made a column wider than what was shown. */
  constructor(
    private readonly grown: () => void,
    private readonly idle: IdleSchedule = browserIdle,
    families?: FontFamilies,
  ) {
    this.sizer = new ColumnSizer(families)
  }

  /**
   * The columns' widths for `sites`: exact once the list has been measured, until then from the
   * candidates (and anything measured before for this account). Starts the idle pass when needed.
   */
  widths(keys: readonly SiteFieldKey[], sites: readonly Site[], secondSort: SiteFieldKey | null = null): Partial<Record<SiteFieldKey, number>> {
    const done = this.measured.get(sites)
    const missing = keys.filter((key) => SITE_COLUMNS[key].content !== undefined && !done?.has(key))
    if (missing.length > 0) {
      if (sites.length <= MEASURE_AT_ONCE) {
        this.sizer.grow(missing, sites, 0, sites.length)
        this.markMeasured(sites, missing)
      } else if (!this.passCovers(sites, missing)) {
        const candidates = widthCandidates(missing, sites)
        this.sizer.grow(missing, candidates, 0, candidates.length)
        this.startPass(sites, missing)
      }
    }
    return this.sizer.current(keys, secondSort)
  }

  /** Another account's rows: nothing measured before counts. */
  reset(): void {
    this.stop()
    this.measured = new WeakMap()
    this.sizer.reset()
  }

  /** The table's fonts; different ones measure everything again. */
  setFonts(families: FontFamilies): void {
    if (!this.sizer.setFonts(families)) return
    this.stop()
    this.measured = new WeakMap()
  }

  /** Stops an idle pass under way (the table is going away). */
  stop(): void {
    this.pass?.cancel()
    this.pass = null
  }

  private passCovers(sites: readonly Site[], keys: readonly SiteFieldKey[]): boolean {
    return this.pass !== null && this.pass.sites === sites && keys.every((key) => this.pass!.keys.includes(key))
  }

  private markMeasured(sites: readonly Site[], keys: readonly SiteFieldKey[]): void {
    let done = this.measured.get(sites)
    if (!done) this.measured.set(sites, (done = new Set()))
    for (const key of keys) done.add(key)
  }

  private startPass(sites: readonly Site[], keys: readonly SiteFieldKey[]): void {
    // A pass over an older list, or for fewer columns, is replaced: what it measured is kept
    // with each site, so the new pass goes quickly over those.
    const wanted = this.pass?.sites === sites ? [...new Set([...this.pass.keys, ...keys])] : [...keys]
    this.stop()
    const before = JSON.stringify(this.sizer.current(wanted))
    let next = 0
    const step = (idle: IdleTime): void => {
      do {
        const end = Math.min(sites.length, next + SLICE_SITES)
        this.sizer.grow(wanted, sites, next, end)
        next = end
      } while (next < sites.length && idle.timeRemaining() > 1)
      if (next < sites.length) {
        pass.cancel = this.idle(step)
        return
      }
      this.pass = null
      this.markMeasured(sites, wanted)
      if (JSON.stringify(this.sizer.current(wanted)) !== before) this.grown()
    }
    const pass: Pass = { sites, keys: wanted, cancel: () => {} }
    this.pass = pass
    pass.cancel = this.idle(step)
  }
}

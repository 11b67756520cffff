// Sizes the table's columns to their content: each column as wide as its widest cell (and
// its header), measured with canvas measureText in the table's own fonts, within the
// column's minimum and maximum. The cells measured are the few core names the widest of the
// whole scope (SitesPage.widest), so a search or a scroll moves no column and no block of
// rows is ever measured. Every text's width is kept with the text, so the same cells again
// cost a lookup each.
import type { SiteCells, WidestCells } from '../../../../../shared'
import { isSiteFieldKey, type SiteFieldKey } from '../../../lib/site-fields'
import { CELL_PADDING, SITE_COLUMNS, headerWidth, type CellFont, type Measure } from '../columns'
import { rowView } from '../row-view'

export interface FontFamilies {
  ui: string
  mono: string
}

/** The canvas fonts of the table's texts (sizes and weights as in SitesTable.vue's styles). */
function fontsOf(families: FontFamilies): Record<CellFont, string> {
  return {
    cell: `400 13px ${families.ui}`,
    name: `500 13px ${families.ui}`,
    badge: `500 12px ${families.ui}`,
    header: `500 12px ${families.ui}`,
    mono: `400 12px ${families.mono}`,
  }
}

/** Average glyph width per font size where there is no canvas (tests in jsdom). */
const ESTIMATE_PER_PX = 0.56

type Context = Pick<CanvasRenderingContext2D, 'font' | 'measureText'>

function canvasContext(): Context | null {
  // OffscreenCanvas: no element to create, and jsdom (which has none) is not asked for a
  // context it cannot give.
  if (typeof OffscreenCanvas === 'undefined') return null
  return new OffscreenCanvas(1, 1).getContext('2d')
}

export class ColumnSizer {
  private readonly context: Context | null = canvasContext()
  private fonts: Record<CellFont, string>
  private readonly texts = new Map<string, number>()
  private bySite = new WeakMap<SiteCells, Partial<Record<SiteFieldKey, number>>>()
  private widest: Partial<Record<SiteFieldKey, number>> = {}

  constructor(families: FontFamilies = { ui: 'system-ui, sans-serif', mono: 'monospace' }) {
    this.fonts = fontsOf(families)
  }

  /** The table's fonts, read from its computed style once it is on screen; false when they are the same. */
  setFonts(families: FontFamilies): boolean {
    const next = fontsOf(families)
    if (next.cell === this.fonts.cell && next.mono === this.fonts.mono) return false
    this.fonts = next
    this.texts.clear()
    this.reset()
    return true
  }

  /** Forgets the widest cells seen (another account's rows). */
  reset(): void {
    this.bySite = new WeakMap()
    this.widest = {}
  }

  readonly measure: Measure = (text, font) => {
    const cssFont = this.fonts[font]
    const key = `${font}\u0000${text}`
    let width = this.texts.get(key)
    if (width === undefined) {
      if (this.context) {
        this.context.font = cssFont
        width = this.context.measureText(text).width
      } else {
        width = text.length * Number.parseFloat(cssFont.split(' ')[1] ?? '13') * ESTIMATE_PER_PX
      }
      this.texts.set(key, width)
    }
    return width
  }

  /**
   * Each column's width sized to its content and header, within its minimum and maximum.
   * One pass over the rows for all the columns: a site already measured costs one lookup.
   */
  widths(keys: readonly SiteFieldKey[], sites: readonly SiteCells[], secondSort: SiteFieldKey | null = null): Partial<Record<SiteFieldKey, number>> {
    this.grow(keys, sites, 0, sites.length)
    return this.current(keys, secondSort)
  }

  /**
   * The widths of `keys` from core's widest cells of the scope (each column's cells hold only
   * its own fields, so each column is measured over its own), in place of anything seen before.
   */
  widthsOfWidest(keys: readonly SiteFieldKey[], widest: WidestCells | null, secondSort: SiteFieldKey | null = null): Partial<Record<SiteFieldKey, number>> {
    this.reset()
    for (const [key, cells] of Object.entries(widest ?? {})) {
      if (isSiteFieldKey(key) && cells && keys.includes(key)) this.grow([key], cells, 0, cells.length)
    }
    return this.current(keys, secondSort)
  }

  /** Takes the cells of sites[from..to) into the widest seen per column, without composing the widths. */
  grow(keys: readonly SiteFieldKey[], sites: readonly SiteCells[], from: number, to: number): void {
    const measured = keys.filter((key) => SITE_COLUMNS[key].content !== undefined)
    const widest = measured.map((key) => this.widest[key] ?? 0)
    for (let index = from; index < to; index++) {
      const site = sites[index]!
      let cells = this.bySite.get(site)
      if (cells === undefined) this.bySite.set(site, (cells = {}))
      for (let i = 0; i < measured.length; i++) {
        const key = measured[i]!
        let width = cells[key]
        if (width === undefined) width = cells[key] = SITE_COLUMNS[key].content!(site, rowView(site), this.measure)
        if (width > widest[i]!) widest[i] = width
      }
    }
    measured.forEach((key, i) => (this.widest[key] = widest[i]!))
  }

  /** The widths from the widest cells seen so far (and the headers), each within its column's limits. */
  current(keys: readonly SiteFieldKey[], secondSort: SiteFieldKey | null = null): Partial<Record<SiteFieldKey, number>> {
    const result: Partial<Record<SiteFieldKey, number>> = {}
    for (const key of keys) {
      const column = SITE_COLUMNS[key]
      const content = Math.ceil((this.widest[key] ?? 0) + CELL_PADDING)
      const wanted = Math.max(content, headerWidth(column, this.measure, key === secondSort))
      result[key] = Math.min(column.max, Math.max(column.min, wanted))
    }
    return result
  }
}

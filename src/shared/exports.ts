// Exports are written by core, row by row, straight to the file (DESIGN.md, "How data flows"):
// the renderer names what to export (the Sites view's query and visible columns, or the events
// feed's query) and is told where the file went. The desktop app writes where the person chose
// in the save dialog; the web shell writes a temporary file that the browser downloads once
// from the shell's own address.
import type { RowKey } from './scope'
import type { SitesQuery } from './sites-query'
import type { TableFieldKey } from './site-fields'
import type { EventQuery } from './workspace'

export type ExportFormat = 'csv' | 'json'

/** The sites of a view, every matching row (or a selection, through `keys`), in the view's order. */
export type SitesExportQuery = Omit<SitesQuery, 'offset' | 'limit' | 'facets' | 'columns' | 'widest'>

export interface SitesExportRequest {
  query: SitesExportQuery
  /** Rows left out: a selection of every row the query matches but these. */
  except?: readonly RowKey[]
  /** The columns in the file, in order: the view's visible columns. */
  columns: readonly TableFieldKey[]
  format: ExportFormat
}

/** Every event of the feed matching its filters, newest first, as CSV. */
export type EventsExportQuery = Omit<EventQuery, 'after' | 'limit'>

export type ExportResult =
  /** Desktop: written where the person chose. */
  | { kind: 'saved'; name: string; path: string; rows: number }
  /**
   * Web shell: ready at `url` (a path of the shell's own origin) for one download within a few
   * minutes; the renderer follows it with a download link.
   */
  | { kind: 'download'; name: string; url: string; rows: number }
  /** The person cancelled the save dialog: nothing was written. */
  | { kind: 'cancelled' }

/** Where the web shell serves a finished export: `${DOWNLOAD_PATH}<id>`. */
export const DOWNLOAD_PATH = '/downloads/'

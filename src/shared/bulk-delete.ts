// A bulk delete is a job of core's (core/bulk, DESIGN.md "How data flows"): the renderer names
// the Sites view's query and its selection, as an export does, and core keeps the list of sites
// it resolves to, deletes them one at a time and pushes its progress. The window reads the list a
// page at a time, so a selection of 50,000 rows never crosses to it. These are the shapes both
// sides agree on.
import type { AppError } from './errors'
import type { SitesExportQuery } from './exports'
import type { RowKey } from './scope'

/** What became of one site of the job, in the order the states are met. */
export const BULK_DELETE_STATES = ['pending', 'deleting', 'deleted', 'gone', 'failed', 'cancelled'] as const
export type BulkDeleteState = (typeof BULK_DELETE_STATES)[number]

/**
 * The sites to delete: every row the Sites view's query matches (in its order) but those in
 * `except` (Ctrl/Cmd+A), or the rows `query.keys` names; exactly what `export:sites` is given.
 */
export interface BulkDeleteRequest {
  query: SitesExportQuery
  except?: readonly RowKey[]
}

export interface BulkDeletePrepared {
  jobId: string
  /** How many sites the job holds. */
  total: number
}

/** One site of the job as the dialog lists it. */
export interface BulkDeleteItem {
  /** Its place in the job (the table's order), from 0. */
  index: number
  key: RowKey
  accountId: string
  siteId: number
  name: string
  url: string
  state: BulkDeleteState
  /** Why its last delete failed ('failed' only). */
  error: AppError | null
  /** Deletes sent for it so far: a retry that fails again says so. */
  attempts: number
}

export type BulkDeleteCounts = Record<BulkDeleteState, number>

/** Where a job is: pushed as `bulk:progress` (a few times a second at most) and answered by its calls. */
export interface BulkDeleteProgress {
  jobId: string
  /** Sites in the job. */
  total: number
  /** The run under way or last ended: the site being deleted (from 1) of how many ("Deleting 3 of 12…"). */
  at: number
  of: number
  counts: BulkDeleteCounts
  running: boolean
  /** Stop was asked: the run ends after the site being deleted. */
  stopping: boolean
  /** Runs started so far (a run, then each Retry failed). */
  runs: number
  /** Changes so far: of two answers about one job, the one with the higher step is newer. */
  step: number
}

/** At most this many items per page. */
export const MAX_BULK_DELETE_PAGE = 200

export interface BulkDeleteItemsQuery {
  jobId: string
  offset: number
  limit: number
  /** Only items in one of these states (absent or empty: all), in the job's order. */
  states?: readonly BulkDeleteState[]
}

export interface BulkDeletePage {
  items: BulkDeleteItem[]
  /** How many items the asked states hold (all of them without `states`). */
  matching: number
  progress: BulkDeleteProgress
}

// Where an export's file goes, by shell. The desktop app asks the person where to save through
// the system's save dialog (the shell's chooseSavePath) and writes there atomically: the
// renderer never names a path, only the dialog's answer is written to. The web shell writes a
// temporary file under the data folder and answers a one-time download address (downloads).
import { openAtomicFile } from '../../node-utils/atomic-write'
import type { ExportResult } from '../../shared'
import { appError } from '../errors'
import type { ExportDownloads } from './export-downloads'

/** An export's file being written; `finish` puts it where it goes and says where that is. */
export interface ExportTarget {
  write(text: string): Promise<void>
  finish(rows: number): Promise<ExportResult>
  abort(): Promise<void>
}

/** Opens the target for a file of this name; null when the person cancelled. */
export type ExportDelivery = (name: string) => Promise<ExportTarget | null>

const CONTENT_TYPES: Record<string, string> = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' }

function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream'
}

/** Desktop: the save dialog, then the file written where the person chose. */
export function savedDelivery(chooseSavePath: (suggestedName: string) => Promise<string | null>): ExportDelivery {
  return async (name) => {
    const path = await chooseSavePath(name)
    if (path === null) return null
    // 0644: an export is the person's own document, for other programs to open.
    const file = await openAtomicFile(path, 0o644)
    return {
      write: (text) => file.write(text),
      finish: async (rows) => {
        await file.commit()
        return { kind: 'saved', name, path, rows }
      },
      abort: () => file.abort(),
    }
  }
}

/** Web shell: a temporary file, then its one-time download address. */
export function downloadDelivery(downloads: ExportDownloads): ExportDelivery {
  return async (name) => {
    const { id, path } = await downloads.reserve()
    // Owner-only, like everything else in the data folder, until the browser has it.
    const file = await openAtomicFile(path, 0o600)
    return {
      write: (text) => file.write(text),
      finish: async (rows) => {
        await file.commit()
        return { kind: 'download', name, url: downloads.ready(id, path, name, contentTypeOf(name)), rows }
      },
      abort: () => file.abort(),
    }
  }
}

/** A shell that can do neither (none today): the export is refused with the reason. */
export const noDelivery: ExportDelivery = async () => {
  throw appError({ code: 'invalid_input', message: 'This app cannot save files here.' })
}

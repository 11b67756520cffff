// What the renderer does with an export core has written (shared/exports.ts): in the web shell
// it follows the one-time download address with a download link (the browser saves the file
// the shell serves as an attachment); in the desktop app the file is already where the person
// chose. Then a sentence for the toast.
import type { ExportResult } from '../../../shared'

/** Starts the browser's download of a file the web shell serves at `url` (its own origin). */
export function followDownload(url: string, name: string): void {
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  try {
    link.click()
  } finally {
    link.remove()
  }
}

/** Hands a download to the browser; a saved or cancelled export needs nothing more. */
export function deliverExport(result: ExportResult): void {
  if (result.kind === 'download') followDownload(result.url, result.name)
}

/** The toast sentence: "Exported 500 sites to sites-….csv" or "… Saved to /path"; null when cancelled. */
export function exportedMessage(result: ExportResult, what: (rows: number) => string): string | null {
  if (result.kind === 'download') return `Exported ${what(result.rows)} to ${result.name}`
  if (result.kind === 'saved') return `Exported ${what(result.rows)}. Saved to ${result.path}`
  return null
}

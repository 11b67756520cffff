// Saves a file the app made (an export) where the person wants it. The desktop app asks core,
// which shows the system's save dialog and writes the file; in the web shell core cannot reach
// the person's disk, so the browser downloads it through a Blob link, as any web page does.
import type { AppError, SiteManagerApi } from '../../../shared'
import { call } from './call'

export type SaveOutcome =
  | { kind: 'saved'; path: string | null; name: string }
  | { kind: 'downloaded'; name: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: AppError }

const MIME: Record<string, string> = { csv: 'text/csv;charset=utf-8', json: 'application/json;charset=utf-8' }

function mimeOf(name: string): string {
  return MIME[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'text/plain;charset=utf-8'
}

/** Hands the content to the browser as a download named `name`. */
export function downloadInBrowser(name: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeOf(name) }))
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
    // The click has started the download; the object URL can go once this task is done.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}

/** Which shell runs the renderer; one quick local call, asked when a file is saved. */
async function shellOf(api: SiteManagerApi): Promise<'electron' | 'web' | null> {
  const info = await call(() => api.appInfo())
  return info.ok ? info.value.shell : null
}

export async function saveFile(api: SiteManagerApi, name: string, content: string): Promise<SaveOutcome> {
  const shell = await shellOf(api)
  if (shell !== 'electron') {
    // The web shell, or an app that could not say which it is: a download always works there.
    try {
      downloadInBrowser(name, content)
      return { kind: 'downloaded', name }
    } catch (thrown) {
      return { kind: 'failed', error: { code: 'internal', message: `The browser could not download ${name} (${String(thrown)}).` } }
    }
  }
  const result = await call(() => api.fileSave({ suggestedName: name, content }))
  if (!result.ok) return { kind: 'failed', error: result.error }
  return result.value.saved ? { kind: 'saved', path: result.value.path, name } : { kind: 'cancelled' }
}

/** The toast sentence for a saved export: "Exported 500 sites to sites-….csv" or "Saved to /path". */
export function savedMessage(outcome: SaveOutcome, what: string): string | null {
  if (outcome.kind === 'downloaded') return `Exported ${what} to ${outcome.name}`
  if (outcome.kind === 'saved') return outcome.path ? `Exported ${what}. Saved to ${outcome.path}` : `Exported ${what} to ${outcome.name}`
  return null
}

// file:save in the desktop app: the system's save dialog over the app's window, then the file
// written atomically (a cancelled or failed write never leaves half a file where the person
// asked for it). The renderer only ever names a file, never a folder: where it goes is the
// person's choice in the dialog.
import { dialog, type BrowserWindow } from 'electron'
import { extname } from 'node:path'
import type { SaveFileRequest, SaveFileResult } from '../shared'
import { writeFileAtomic } from '../node-utils/atomic-write'

const FILTERS: Record<string, Electron.FileFilter> = {
  '.csv': { name: 'CSV', extensions: ['csv'] },
  '.json': { name: 'JSON', extensions: ['json'] },
}

export function saveFileWithDialog(window: () => BrowserWindow | null) {
  return async (request: SaveFileRequest): Promise<SaveFileResult> => {
    const filter = FILTERS[extname(request.suggestedName).toLowerCase()]
    const options: Electron.SaveDialogOptions = {
      defaultPath: request.suggestedName,
      filters: filter ? [filter, { name: 'All files', extensions: ['*'] }] : [],
    }
    const owner = window()
    const chosen = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options)
    if (chosen.canceled || !chosen.filePath) return { saved: false, path: null }
    // 0644: an export is the person's own document, for other programs to open.
    await writeFileAtomic(chosen.filePath, request.content, 0o644)
    return { saved: true, path: chosen.filePath }
  }
}

// Where an export goes in the desktop app: the system's save dialog over the app's window,
// offering core's file name with the filter of its kind. Core writes the file, atomically, only
// at the path the person chose here (the renderer never names a path); null when they cancel.
import { dialog, type BrowserWindow } from 'electron'
import { extname } from 'node:path'

const FILTERS: Record<string, Electron.FileFilter> = {
  '.csv': { name: 'CSV', extensions: ['csv'] },
  '.json': { name: 'JSON', extensions: ['json'] },
}

export function chooseSavePathWithDialog(window: () => BrowserWindow | null) {
  return async (suggestedName: string): Promise<string | null> => {
    const filter = FILTERS[extname(suggestedName).toLowerCase()]
    const options: Electron.SaveDialogOptions = {
      defaultPath: suggestedName,
      filters: filter ? [filter, { name: 'All files', extensions: ['*'] }] : [],
    }
    const owner = window()
    const chosen = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options)
    return chosen.canceled || !chosen.filePath ? null : chosen.filePath
  }
}

// Where an export goes in the desktop app: the save dialog over the app's window with the
// filter of the file's kind, answering the path chosen, or null when the person cancels (core
// then writes nothing; its writing is tested with core's exports).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { BrowserWindow, dialog, resetFakeElectron } from './fake-electron'
import { chooseSavePathWithDialog } from '../../../src/main/save-file'

vi.mock('electron', () => import('./fake-electron'))

describe('chooseSavePathWithDialog', () => {
  beforeEach(() => {
    resetFakeElectron()
  })

  it("asks over the app window with core's name and the CSV filter first, and answers the path chosen", async () => {
    const window = new BrowserWindow({})
    dialog.nextSaveAnswer = { canceled: false, filePath: '/home/me/sites-agency-2026-11-23.csv' }
    const choose = chooseSavePathWithDialog(() => window as never)

    await expect(choose('sites-agency-2026-11-23.csv')).resolves.toBe('/home/me/sites-agency-2026-11-23.csv')
    expect(dialog.saveDialogs).toHaveLength(1)
    expect(dialog.saveDialogs[0]!.owner).toBe(window)
    expect(dialog.saveDialogs[0]!.options).toEqual({
      defaultPath: 'sites-agency-2026-11-23.csv',
      filters: [
        { name: 'CSV', extensions: ['csv'] },
        { name: 'All files', extensions: ['*'] },
      ],
    })
  })

  it('offers the JSON filter for a .json name, and no filter for another kind', async () => {
    const choose = chooseSavePathWithDialog(() => null)
    await choose('sites.JSON')
    await choose('notes.txt')
    expect(dialog.saveDialogs.map((d) => d.options.filters)).toEqual([
      [
        { name: 'JSON', extensions: ['json'] },
        { name: 'All files', extensions: ['*'] },
      ],
      [],
    ])
    // No window open: the dialog is shown on its own.
    expect(dialog.saveDialogs.every((d) => d.owner === null)).toBe(true)
  })

  it('answers null when the person cancels, or the dialog answers without a path', async () => {
    const choose = chooseSavePathWithDialog(() => null)
    dialog.nextSaveAnswer = { canceled: true, filePath: '/home/me/x.csv' }
    await expect(choose('x.csv')).resolves.toBeNull()
    dialog.nextSaveAnswer = { canceled: false, filePath: '' }
    await expect(choose('x.csv')).resolves.toBeNull()
  })
})

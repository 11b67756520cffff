// file:save in the desktop app: the save dialog over the app's window with the right filter,
// the file written only where the person chose, and nothing written when they cancel.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BrowserWindow, dialog, resetFakeElectron } from './fake-electron'
import { saveFileWithDialog } from '../../../src/main/save-file'

vi.mock('electron', () => import('./fake-electron'))

describe('saveFileWithDialog', () => {
  let folder: string

  beforeEach(async () => {
    resetFakeElectron()
    folder = await mkdtemp(join(tmpdir(), 'site-manager-save-'))
  })

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  it('asks over the app window with the CSV filter first, then writes the content where chosen', async () => {
    const window = new BrowserWindow({})
    const path = join(folder, 'sites-agency-2026-11-23.csv')
    dialog.nextSaveAnswer = { canceled: false, filePath: path }
    const save = saveFileWithDialog(() => window as never)

    const content = 'Name,Address\r\nShop,https://shop.example.com\r\nÜnïcode ✓,https://x.example\r\n'
    await expect(save({ suggestedName: 'sites-agency-2026-11-23.csv', content })).resolves.toEqual({ saved: true, path })

    expect(dialog.saveDialogs).toHaveLength(1)
    expect(dialog.saveDialogs[0]!.owner).toBe(window)
    expect(dialog.saveDialogs[0]!.options).toEqual({
      defaultPath: 'sites-agency-2026-11-23.csv',
      filters: [
        { name: 'CSV', extensions: ['csv'] },
        { name: 'All files', extensions: ['*'] },
      ],
    })
    expect(await readFile(path, 'utf8')).toBe(content)
    expect((await stat(path)).mode & 0o777).toBe(0o644)
    // Written atomically: no temporary file left beside it.
    expect(await readdir(folder)).toEqual(['sites-agency-2026-11-23.csv'])
  })

  it('offers the JSON filter for a .json name, and no filter for another kind', async () => {
    const save = saveFileWithDialog(() => null)
    await save({ suggestedName: 'sites.JSON', content: '[]' })
    await save({ suggestedName: 'notes.txt', content: 'x' })
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

  it('writes nothing when the person cancels', async () => {
    dialog.nextSaveAnswer = { canceled: true, filePath: join(folder, 'x.csv') }
    const save = saveFileWithDialog(() => null)
    await expect(save({ suggestedName: 'x.csv', content: 'a' })).resolves.toEqual({ saved: false, path: null })
    expect(await readdir(folder)).toEqual([])
  })

  it('writes nothing when the dialog answers without a path', async () => {
    dialog.nextSaveAnswer = { canceled: false, filePath: '' }
    const save = saveFileWithDialog(() => null)
    await expect(save({ suggestedName: 'x.csv', content: 'a' })).resolves.toEqual({ saved: false, path: null })
  })

  it('replaces a file that was there, whole', async () => {
    const path = join(folder, 'old.csv')
    dialog.nextSaveAnswer = { canceled: false, filePath: path }
    const save = saveFileWithDialog(() => null)
    await save({ suggestedName: 'old.csv', content: 'a much longer first version of the file' })
    await save({ suggestedName: 'old.csv', content: 'short' })
    expect(await readFile(path, 'utf8')).toBe('short')
  })

  it('fails, leaving nothing behind, when the place chosen cannot hold a file', async () => {
    // A "folder" that is a file: no write can succeed there, whoever runs the test.
    await writeFile(join(folder, 'not-a-folder'), 'x')
    dialog.nextSaveAnswer = { canceled: false, filePath: join(folder, 'not-a-folder', 'x.csv') }
    const save = saveFileWithDialog(() => null)
    await expect(save({ suggestedName: 'x.csv', content: 'a' })).rejects.toThrow()
    expect(await readdir(folder)).toEqual(['not-a-folder'])
  })
})

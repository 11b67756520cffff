// accounts.json: atomic writes, and a corrupt file never stops the app from starting.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AccountsSettingsFile } from '../../../../src/core/accounts'
import { withTempDirs } from '../support/temp-dir'

const dirs = await withTempDirs()
afterEach(() => dirs.cleanup())

const account = {
  id: '6f1c1c3e-4a51-4bb5-9d58-8a3f0f5e7a10',
  label: 'Agency',
  baseUrl: 'https://example.com/api/v1',
  kind: 'remote' as const,
  createdAt: '2024-05-01T10:00:00.000Z',
}

describe('AccountsSettingsFile', () => {
  it('starts empty when there is no file', async () => {
    const file = new AccountsSettingsFile(await dirs.make())
    expect(await file.load()).toEqual({ settings: { version: 1, accounts: [], lastActiveId: null, keychainCleanup: [] } })
  })

  it('saves and loads, keeping only the known fields and leaving no temp file behind', async () => {
    const dataDir = await dirs.make()
    const file = new AccountsSettingsFile(dataDir)
    const sneaky = { ...account, token: 'must-not-be-written' }
    await file.save({ version: 1, accounts: [sneaky], lastActiveId: account.id, keychainCleanup: [] })

    expect(await readFile(file.path, 'utf8')).not.toContain('must-not-be-written')
    expect((await file.load()).settings).toEqual({ version: 1, accounts: [account], lastActiveId: account.id, keychainCleanup: [] })
    expect(await readdir(dataDir)).toEqual(['accounts.json'])
  })

  it.each([
    ['broken JSON', '{"version":1,"accounts":['],
    ['a wrong shape', JSON.stringify({ version: 1, accounts: [{ id: 3 }], lastActiveId: null })],
    ['an unknown version', JSON.stringify({ version: 7, accounts: [], lastActiveId: null })],
    ['no account list', JSON.stringify({ version: 1, lastActiveId: null })],
  ])('keeps a backup of a file with %s and starts with what it could recover: nothing', async (_what, content) => {
    const dataDir = await dirs.make()
    const file = new AccountsSettingsFile(dataDir)
    await writeFile(file.path, content)

    const loaded = await file.load()

    expect(loaded.settings.accounts).toEqual([])
    expect(loaded.corrupt?.backup).toMatch(/accounts\.json\.corrupt-/)
    expect(loaded.corrupt?.recovered).toBe(0)
    expect(await readFile(loaded.corrupt?.backup ?? '', 'utf8')).toBe(content)
    expect(await readdir(dataDir)).toEqual([loaded.corrupt?.backup.split('/').pop()])
  })

  it('salvages a damaged file entry by entry: every valid account stays, only malformed ones go', async () => {
    const dataDir = await dirs.make()
    const file = new AccountsSettingsFile(dataDir)
    const second = { ...account, id: '0b7e3c52-1111-4c2a-9d0e-2f7a9c6b5d41', label: 'Second' }
    const content = JSON.stringify({
      version: 1,
      accounts: [account, { id: 'broken', label: 42 }, second, 'not an account', { ...second, label: 'Duplicate id' }],
      lastActiveId: second.id,
      keychainCleanup: ['0b7e3c52-2222-4c2a-9d0e-2f7a9c6b5d41', 17],
    })
    await writeFile(file.path, content)

    const loaded = await file.load()

    expect(loaded.settings).toEqual({
      version: 1,
      accounts: [account, second],
      lastActiveId: second.id,
      keychainCleanup: ['0b7e3c52-2222-4c2a-9d0e-2f7a9c6b5d41'],
    })
    expect(loaded.corrupt).toMatchObject({ recovered: 2, dropped: 3 })
    expect(await readFile(loaded.corrupt?.backup ?? '', 'utf8')).toBe(content)
    // What was recovered is saved at once, so the next start reads a sound file and says nothing.
    expect(await file.load()).toEqual({ settings: loaded.settings })
    expect((await readdir(dataDir)).sort()).toEqual(['accounts.json', loaded.corrupt?.backup.split('/').pop()].sort())
  })

  it('salvages the accounts of a file whose other fields are damaged', async () => {
    const dataDir = await dirs.make()
    const file = new AccountsSettingsFile(dataDir)
    await writeFile(file.path, JSON.stringify({ version: 1, accounts: [account], lastActiveId: 5 }))

    const loaded = await file.load()

    expect(loaded.settings).toEqual({ version: 1, accounts: [account], lastActiveId: null, keychainCleanup: [] })
    expect(loaded.corrupt).toMatchObject({ recovered: 1, dropped: 0 })
  })

  it('forgets a last active id that names no account', async () => {
    const dataDir = await dirs.make()
    await writeFile(
      join(dataDir, 'accounts.json'),
      JSON.stringify({ version: 1, accounts: [account], lastActiveId: 'gone' }),
    )
    expect((await new AccountsSettingsFile(dataDir).load()).settings.lastActiveId).toBeNull()
  })
})

// The atomic writer: a file is replaced whole or not at all, and no temp file is left behind.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openAtomicFile, writeFileAtomic } from '../../../src/node-utils/atomic-write'
import { withTempDirs } from '../core/support/temp-dir'

const dirs = await withTempDirs()
afterEach(() => dirs.cleanup())

describe('writeFileAtomic', () => {
  it('writes the text, making the missing folders, and leaves only the file', async () => {
    const dir = await dirs.make()
    const path = join(dir, 'nested', 'settings.json')

    await writeFileAtomic(path, '{"a":1}')

    expect(await readFile(path, 'utf8')).toBe('{"a":1}')
    expect(await readdir(join(dir, 'nested'))).toEqual(['settings.json'])
  })

  it('replaces an existing file whole', async () => {
    const path = join(await dirs.make(), 'settings.json')
    await writeFile(path, 'a much longer old content that must not survive in part')

    await writeFileAtomic(path, 'new')

    expect(await readFile(path, 'utf8')).toBe('new')
  })

  it.skipIf(process.platform === 'win32')('makes the file readable by its owner only unless told otherwise', async () => {
    const dir = await dirs.make()
    await writeFileAtomic(join(dir, 'private.json'), '{}')
    await writeFileAtomic(join(dir, 'shared.json'), '{}', 0o644)

    expect((await stat(join(dir, 'private.json'))).mode & 0o777).toBe(0o600)
    expect((await stat(join(dir, 'shared.json'))).mode & 0o777).toBe(0o644)
  })

  it('throws when the rename fails, and removes its temp file', async () => {
    const dir = await dirs.make()
    const path = join(dir, 'taken')
    // A folder that is not empty cannot be renamed over.
    await mkdir(path)
    await writeFile(join(path, 'inside'), 'x')

    await expect(writeFileAtomic(path, 'text')).rejects.toThrow()

    expect(await readdir(dir)).toEqual(['taken'])
    expect(await readdir(path)).toEqual(['inside'])
  })

  it('lets writes to the same file overlap: each uses its own temp name, and one wins whole', async () => {
    const dir = await dirs.make()
    const path = join(dir, 'window-state.json')
    const texts = Array.from({ length: 8 }, (_, i) => JSON.stringify({ write: i, padding: 'x'.repeat(1000 * i) }))

    await Promise.all(texts.map((text) => writeFileAtomic(path, text)))

    expect(texts).toContain(await readFile(path, 'utf8'))
    expect(await readdir(dir)).toEqual(['window-state.json'])
  })
})

describe('openAtomicFile', () => {
  it('writes piece by piece and shows the file only once committed, whole', async () => {
    const dir = await dirs.make()
    const path = join(dir, 'out', 'sites.csv')
    const file = await openAtomicFile(path, 0o644)
    await file.write('name,url\n')
    await file.write('Granite,https://granite.example\n')
    // Until the commit, whoever looks for the target finds nothing.
    expect((await readdir(join(dir, 'out'))).includes('sites.csv')).toBe(false)

    await file.commit()

    expect(await readFile(path, 'utf8')).toBe('name,url\nGranite,https://granite.example\n')
    expect(await readdir(join(dir, 'out'))).toEqual(['sites.csv'])
    expect((await stat(path)).mode & 0o777).toBe(0o644)
  })

  it('leaves nothing behind when aborted, and an older file untouched', async () => {
    const dir = await dirs.make()
    const path = join(dir, 'sites.csv')
    await writeFile(path, 'old')
    const file = await openAtomicFile(path)
    await file.write('half of a new')

    await file.abort()
    await file.abort()

    expect(await readFile(path, 'utf8')).toBe('old')
    expect(await readdir(dir)).toEqual(['sites.csv'])
  })

  it('removes its temp file when the commit cannot put it in place', async () => {
    const dir = await dirs.make()
    // A folder where the file should go: the rename fails.
    const path = join(dir, 'taken')
    await mkdir(join(path, 'inside'), { recursive: true })
    const file = await openAtomicFile(path)
    await file.write('data')

    await expect(file.commit()).rejects.toThrow()

    expect(await readdir(dir)).toEqual(['taken'])
  })
})

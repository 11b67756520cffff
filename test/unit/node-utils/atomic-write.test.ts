// The atomic writer: a file is replaced whole or not at all, and no temp file is left behind.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { writeFileAtomic } from '../../../src/node-utils/atomic-write'
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

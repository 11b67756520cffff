// The shell's files are kept in memory while unchanged on disk, and a rebuild shows at once:
// a file written again (new time or size) is read again, a removed one is gone.
import { mkdtemp, mkdir, rm, unlink, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { staticFiles } from '../../../src/web/static-files'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'static-files-'))
  await mkdir(join(dir, 'renderer', 'assets'), { recursive: true })
  await writeFile(join(dir, 'renderer', 'index.html'), '<html><head><script type="module" src="./assets/a.js"></script></head></html>')
  await writeFile(join(dir, 'renderer', 'assets', 'a.js'), 'one')
  await writeFile(join(dir, 'bridge.js'), 'bridge one')
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const text = (file: { body: Buffer } | null) => file?.body.toString('utf8') ?? null

describe('the shell serving its built files', () => {
  it('serves a file written again after it was first served (same size, a new time), and forgets a removed one', async () => {
    const files = staticFiles({ rendererDir: join(dir, 'renderer'), bridgeScriptFile: join(dir, 'bridge.js') })
    expect(text(await files.read('/assets/a.js'))).toBe('one')
    expect(text(await files.read('/__bridge.js'))).toBe('bridge one')

    await writeFile(join(dir, 'renderer', 'assets', 'a.js'), 'two')
    const later = new Date(Date.now() + 5000)
    await utimes(join(dir, 'renderer', 'assets', 'a.js'), later, later)
    await writeFile(join(dir, 'bridge.js'), 'bridge two, longer')
    expect(text(await files.read('/assets/a.js'))).toBe('two')
    expect(text(await files.read('/__bridge.js'))).toBe('bridge two, longer')

    await unlink(join(dir, 'renderer', 'assets', 'a.js'))
    expect(await files.read('/assets/a.js')).toBeNull()
  })

  it('serves a rebuilt index.html with the bridge in it', async () => {
    const files = staticFiles({ rendererDir: join(dir, 'renderer'), bridgeScriptFile: join(dir, 'bridge.js') })
    expect(text(await files.read('/'))).toContain('./assets/a.js')
    await writeFile(join(dir, 'renderer', 'index.html'), '<html><head><script type="module" src="./assets/index-b2.js"></script></head></html>')
    const page = text(await files.read('/'))
    expect(page).toContain('./assets/index-b2.js')
    expect(page).toContain('/__bridge.js')
  })
})

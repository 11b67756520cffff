// Core's notebook of a window's first calls: what one page read while opening becomes the list,
// kept in a file and read back by the next run; a missing or damaged file gives no head start
// and no error.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FirstCalls, MAX_FIRST_CALLS } from '../../../../src/core/first-screen'
import { recordingLogger } from '../../web/recording-logger'
import { withTempDirs } from '../support/temp-dir'

const dirs = await withTempDirs()
afterEach(async () => {
  vi.useRealTimers()
  await dirs.cleanup()
})

describe('the first calls', () => {
  it('keeps only reads, once each, up to the bound', () => {
    const calls = new FirstCalls({ file: null })
    const watch = calls.watch()
    watch.note('sites:delete', { accountId: 'a', ids: [1] })
    watch.note('prefs:get', { key: 'a' })
    watch.note('prefs:get', { key: 'a' })
    for (let n = 0; n < MAX_FIRST_CALLS + 5; n++) watch.note('prefs:get', { key: `k${n}` })
    expect(calls.calls()).toHaveLength(MAX_FIRST_CALLS)
    expect(calls.calls()[0]).toEqual({ channel: 'prefs:get', input: { key: 'a' } })
  })

  it("keeps what a page read within the window, once the window has passed", () => {
    vi.useFakeTimers()
    const calls = new FirstCalls({ file: null, windowMs: 100 })
    const watch = calls.watch()
    watch.note('app:info', undefined)
    expect(calls.calls()).toEqual([])
    vi.advanceTimersByTime(100)
    watch.note('accounts:list', undefined)
    expect(calls.calls()).toEqual([{ channel: 'app:info' }])
  })

  it('keeps a list told all at once, and the last page that read anything', () => {
    const calls = new FirstCalls({ file: null })
    calls.keepAll([{ channel: 'app:info' }, { channel: 'sites:delete', input: {} }])
    expect(calls.calls()).toEqual([{ channel: 'app:info' }])
    calls.keepAll([])
    expect(calls.calls()).toEqual([{ channel: 'app:info' }])
  })

  it('writes the list to its file and reads it back in the next run', async () => {
    const file = join(await dirs.make(), 'desktop-first-calls.json')
    new FirstCalls({ file }).keepAll([{ channel: 'accounts:list' }, { channel: 'prefs:get', input: { key: 'sites.view.all' } }])
    await expect.poll(async () => JSON.parse(await readFile(file, 'utf8').catch(() => '[]'))).toHaveLength(2)
    expect(new FirstCalls({ file }).calls()).toEqual([{ channel: 'accounts:list' }, { channel: 'prefs:get', input: { key: 'sites.view.all' } }])
  })

  it('starts with none, and says nothing, when the file is missing', async () => {
    const logger = recordingLogger()
    expect(new FirstCalls({ file: join(await dirs.make(), 'none.json'), logger }).calls()).toEqual([])
    expect(logger.lines).toEqual([])
  })

  it('starts with none, writing it down, when the file is damaged or not a list', async () => {
    const dir = await dirs.make()
    for (const text of ['{not json', '{"channel":"app:info"}']) {
      const file = join(dir, 'first-calls.json')
      await writeFile(file, text)
      const logger = recordingLogger()
      expect(new FirstCalls({ file, logger }).calls()).toEqual([])
      expect(logger.lines.map((line) => line.message)).toEqual(["The page's first calls could not be read; the next page starts without them"])
    }
  })

  it('writes down a list it could not keep, and works on', async () => {
    const logger = recordingLogger()
    // Its folder is a file.
    const notAFolder = join(await dirs.make(), 'not-a-folder')
    await writeFile(notAFolder, '')
    const calls = new FirstCalls({ file: join(notAFolder, 'first-calls.json'), logger })
    calls.keepAll([{ channel: 'app:info' }])
    expect(calls.calls()).toEqual([{ channel: 'app:info' }])
    await expect.poll(() => logger.lines.map((line) => line.message)).toEqual(["Could not keep the page's first calls"])
  })
})

// No test waits on the wall clock for longer than 50 ms: the rule, and proof that
// the scan catches each kind of sleep it names.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findSleeps, SLEEP_LIMIT_MS } from './find-sleeps'

const root = join(import.meta.dirname, '../../..')

describe('sleeps in the tests', () => {
  it(`none waits on the wall clock for longer than ${SLEEP_LIMIT_MS} ms`, () => {
    const files = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|mts|js|mjs)$/.test(file) && !file.split('/').includes('node_modules'))
      .map((file) => join('test', file))
    expect(files.length).toBeGreaterThan(100)
    // This folder holds the planted examples.
    const house = relative(root, import.meta.dirname)
    const sleeps = files
      .filter((file) => !file.startsWith(house))
      .flatMap((file) => findSleeps(readFileSync(join(root, file), 'utf8')).map((sleep) => `${file}:${sleep.line}  ${sleep.text}`))
    expect(sleeps).toEqual([])
  })
})

describe('findSleeps', () => {
  const planted = (code: string) => findSleeps(code).map((sleep) => sleep.ms)

  it('finds a promise resolved by a timer, in each spelling', () => {
    expect(planted('await new Promise((resolve) => setTimeout(resolve, 600))')).toEqual([600])
    expect(planted('await new Promise((r) => setTimeout(r, 1_000))')).toEqual([1000])
    expect(planted('const flush = () => new Promise((done) => setTimeout(done, 51))')).toEqual([51])
  })

  it("finds Playwright's fixed wait and node:timers/promises", () => {
    expect(planted('await page.waitForTimeout(200)')).toEqual([200])
    expect(planted("import { setTimeout as sleep } from 'node:timers/promises'\nawait sleep(500)")).toEqual([500])
    expect(planted('await setTimeout(300)')).toEqual([300])
    expect(planted('await scheduler.wait(120)')).toEqual([120])
  })

  it('finds a helper by its usual name or by what the file defines it as', () => {
    expect(planted('await delay(100)')).toEqual([100])
    expect(planted('function nap(ms: number) {\n  return new Promise((resolve) => setTimeout(resolve, ms))\n}\nawait nap(250)')).toEqual([250])
    expect(planted('const rest = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))\nawait rest(75)')).toEqual([75])
  })

  it('gives the line of each', () => {
    expect(findSleeps('ok()\nawait page.waitForTimeout(90)\n')).toEqual([{ line: 2, ms: 90, text: 'await page.waitForTimeout(90)' }])
  })

  it('lets short waits, computed waits, watchdogs and test time limits be', () => {
    expect(planted('await new Promise((resolve) => setTimeout(resolve, 50))')).toEqual([])
    expect(planted('await new Promise((resolve) => setTimeout(resolve, 0))')).toEqual([])
    expect(planted('await new Promise((resolve) => setTimeout(resolve, ms))')).toEqual([])
    expect(planted("const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)")).toEqual([])
    expect(planted("setTimeout(() => reject(new Error('no address')), 20_000)")).toEqual([])
    expect(planted('test.setTimeout(60_000)')).toEqual([])
    expect(planted('await vi.advanceTimersByTimeAsync(5_000)')).toEqual([])
  })
})

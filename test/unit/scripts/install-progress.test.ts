// A first `npm start` says how its install is going: the lock's packages are counted, the
// unpacked ones in node_modules too (scoped ones included), and a line is written every few
// seconds while the count moves, at least once a minute when it does not, and never after
// the install ended.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installedPackageCount, lockedPackageCount, progressLine, reportInstallProgress } from '../../../scripts/lib/install-progress.mjs'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'install-progress-test-'))
  const packages = { '': {}, 'node_modules/a': {}, 'node_modules/@s/b': {}, 'node_modules/a/node_modules/c': {}, 'node_modules/d': {} }
  writeFileSync(join(root, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages }))
})
afterEach(() => {
  vi.useRealTimers()
  rmSync(root, { recursive: true, force: true })
})

function unpack(...names: string[]): void {
  for (const name of names) mkdirSync(join(root, 'node_modules', name), { recursive: true })
}

describe('counting', () => {
  it('counts the lock’s top-level packages, not the root or nested copies', () => {
    expect(lockedPackageCount(root)).toBe(3)
  })

  it('counts unpacked folders, scoped ones one by one, and skips npm’s own dot folders', () => {
    expect(installedPackageCount(root)).toBe(0)
    unpack('a', '@s/b', '.bin')
    writeFileSync(join(root, 'node_modules', '.package-lock.json'), '{}')
    expect(installedPackageCount(root)).toBe(2)
  })

  it('reads no lock as no total', () => {
    rmSync(join(root, 'package-lock.json'))
    expect(lockedPackageCount(root)).toBe(0)
  })
})

describe('the progress line', () => {
  it('says how many of how many, and the time taken', () => {
    expect(progressLine(412, 1033, 38_400)).toBe('Still installing: 412 of 1,033 packages in place (38 s)')
    expect(progressLine(1033, 1033, 125_000)).toBe('Still installing: 1,033 of 1,033 packages in place (2 min 5 s)')
    expect(progressLine(7, 0, 1000)).toBe('Still installing: 7 packages in place (1 s)')
  })
})

describe('reporting while the install runs', () => {
  it('writes when the count moves, once a minute when it stalls, and stops when told', () => {
    vi.useFakeTimers({ now: 0 })
    const lines: string[] = []
    const stop = reportInstallProgress({ root, write: (text) => lines.push(text), intervalMs: 5000 })
    vi.advanceTimersByTime(5000)
    expect(lines).toEqual(['Still installing: 0 of 3 packages in place (5 s)\n'])
    unpack('a')
    vi.advanceTimersByTime(5000)
    expect(lines.at(-1)).toBe('Still installing: 1 of 3 packages in place (10 s)\n')
    // A long compile: the same count is said again only after a minute.
    vi.advanceTimersByTime(55_000)
    expect(lines).toHaveLength(2)
    vi.advanceTimersByTime(10_000)
    expect(lines).toHaveLength(3)
    stop()
    unpack('d')
    vi.advanceTimersByTime(60_000)
    expect(lines).toHaveLength(3)
  })
})

// test-all.sh's counting of the Electron smoke test: a run that skipped itself on purpose
// counts as skipped with its reason; anything else is counted as for the other runners.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { electronResults } from '../../../scripts/lib/electron-results.mjs'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'electron-results-test-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function report(stats: Record<string, number>, annotations: unknown[] = [], errors: unknown[] = []): string {
  const file = join(dir, 'report.json')
  writeFileSync(file, JSON.stringify({ stats, errors, suites: [{ suites: [{ specs: [{ tests: [{ annotations }] }] }] }] }))
  return file
}

const REASON = 'Electron cannot start on this machine: its binary is not installed.'

describe('counting the Electron smoke test', () => {
  it('counts a run that skipped itself as skipped, with the reason', () => {
    const file = report({ expected: 0, unexpected: 0, flaky: 0, skipped: 1 }, [{ type: 'skip', description: REASON }])
    expect(electronResults(file, 0)).toEqual({ passed: 0, failed: 0, skipped: 1, reason: REASON })
  })

  it('counts a passing run as passed', () => {
    expect(electronResults(report({ expected: 1, unexpected: 0, flaky: 0, skipped: 0 }), 0)).toEqual({ passed: 1, failed: 0, skipped: 0, reason: '' })
  })

  it('counts a failure, a crashed setup or a missing report as failed', () => {
    expect(electronResults(report({ expected: 0, unexpected: 1, flaky: 0, skipped: 0 }), 1).failed).toBe(1)
    expect(electronResults(report({ expected: 0, unexpected: 0, flaky: 0, skipped: 1 }, [], [{ message: 'globalSetup failed' }]), 1).failed).toBeGreaterThan(0)
    expect(electronResults(join(dir, 'missing.json'), 0)).toMatchObject({ failed: 1, skipped: 0 })
    // Skipped, but the runner failed: not a clean skip.
    expect(electronResults(report({ expected: 0, unexpected: 0, flaky: 0, skipped: 1 }, [{ type: 'skip', description: REASON }]), 1).failed).toBe(1)
  })
})

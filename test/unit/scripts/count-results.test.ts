// test-all.sh's counting of a runner's JSON report: nothing may look green without tests run.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { countResults, exitNote } from '../../../scripts/lib/count-results.mjs'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'count-results-test-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function report(content: unknown): string {
  const file = join(dir, 'report.json')
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
  return file
}

describe('counting a runner report', () => {
  it('counts vitest tests, and a file that failed to load as one failure', () => {
    const file = report({
      numPassedTests: 5,
      numFailedTests: 1,
      numPendingTests: 2,
      numTodoTests: 1,
      testResults: [{ status: 'failed', assertionResults: [] }, { status: 'passed', assertionResults: [{}] }],
    })
    expect(countResults('vitest', file, 1)).toEqual({ passed: 5, failed: 2, skipped: 3 })
  })

  it('counts playwright tests, flaky ones as passed and global errors as failed', () => {
    const file = report({ stats: { expected: 3, flaky: 1, unexpected: 0, skipped: 1 }, errors: [{ message: 'x' }] })
    expect(countResults('playwright', file, 1)).toEqual({ passed: 4, failed: 1, skipped: 1 })
  })

  it('counts a missing report as a failure even when the runner exited 0', () => {
    expect(countResults('vitest', join(dir, 'absent.json'), 0)).toEqual({ passed: 0, failed: 1, skipped: 0 })
  })

  it('counts an unreadable report as a failure', () => {
    expect(countResults('playwright', report('{"stats": '), 0)).toEqual({ passed: 0, failed: 1, skipped: 0 })
    expect(countResults('vitest', report('null'), 0)).toEqual({ passed: 0, failed: 1, skipped: 0 })
  })

  it('counts a run of zero tests, or only skipped ones, as a failure', () => {
    expect(countResults('vitest', report({ numPassedTests: 0, numFailedTests: 0, testResults: [] }), 0).failed).toBe(1)
    expect(countResults('playwright', report({ stats: { expected: 0, unexpected: 0, skipped: 4 } }), 0)).toEqual({
      passed: 0,
      failed: 1,
      skipped: 4,
    })
  })

  it('counts a non-zero exit without a reported failure as one failure', () => {
    expect(countResults('vitest', report({ numPassedTests: 3, numFailedTests: 0 }), 1)).toEqual({
      passed: 3,
      failed: 1,
      skipped: 0,
    })
  })

  it('says why, for vitest a coverage floor not met, when no test failed but the exit was not 0', () => {
    const passed = report({ numPassedTests: 3, numFailedTests: 0 })
    expect(exitNote('vitest', passed, 1)).toBe('exited with status 1 though no test failed: a coverage floor not met, or an error outside the tests; see its output')
    expect(exitNote('vitest', passed, 0)).toBe('')
    expect(exitNote('vitest', report({ numPassedTests: 2, numFailedTests: 1 }), 1)).toBe('')
  })

  it('passes a clean run as it is', () => {
    expect(countResults('vitest', report({ numPassedTests: 3, numFailedTests: 0 }), 0)).toEqual({
      passed: 3,
      failed: 0,
      skipped: 0,
    })
  })

  it('prints the three numbers for the shell script, even without a report', () => {
    const script = join(import.meta.dirname, '../../../scripts/lib/count-results.mjs')
    expect(execFileSync(process.execPath, [script, 'vitest', join(dir, 'absent.json'), '0'], { encoding: 'utf8' })).toBe('0 1 0\n')
  })
})

// Reads a test runner's JSON report and prints "passed failed skipped [note]" for
// scripts/test-all.sh; the note, when there is one, says why a failure was counted that no test
// reported.
//   node count-results.mjs vitest|playwright REPORT.json EXIT_CODE
// Nothing may pass silently: a runner that failed without reporting a failed test (a file that
// would not load, a crashed global setup), a missing or unreadable report (whatever the exit
// code), and a report of zero tests run each count as one failed check.
import { existsSync, readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

function fromVitest(report) {
  const passed = report.numPassedTests ?? 0
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  let failed = report.numFailedTests ?? 0
  // A test file that failed to load has no tests, so numFailedTests misses it.
  for (const result of report.testResults ?? []) {
    if (result.status === 'failed' && (result.assertionResults ?? []).length === 0) failed += 1
  }
  return { passed, failed, skipped }
}

function fromPlaywright(report) {
  const stats = report.stats ?? {}
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (report.errors ?? []).length,
    skipped: stats.skipped ?? 0,
  }
}

function readReport(kind, file) {
  if (!existsSync(file)) return null
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'))
    if (report === null || typeof report !== 'object') return null
    return kind === 'vitest' ? fromVitest(report) : fromPlaywright(report)
  } catch {
    return null
  }
}

/** The counts test-all.sh records for one runner. */
export function countResults(kind, file, exitCode) {
  const counts = readReport(kind, file)
  if (counts === null) return { passed: 0, failed: 1, skipped: 0 }
  // Zero tests run (none found, or all skipped) is no evidence the app works.
  const ran = counts.passed + counts.failed
  if (counts.failed === 0 && (exitCode !== 0 || ran === 0)) counts.failed = 1
  return counts
}

/**
 * Why a runner that reported no failed test still counts one for its exit status, or '' when it
 * does not. For vitest the usual reason is a coverage floor (vitest.config.ts) not met: the
 * tests all passed, but a room of the code is less tested than it was.
 */
export function exitNote(kind, file, exitCode) {
  const counts = readReport(kind, file)
  if (counts === null || counts.failed > 0 || exitCode === 0) return ''
  const why = kind === 'vitest' ? 'a coverage floor not met, or an error outside the tests; see its output' : 'see its output'
  return `exited with status ${exitCode} though no test failed: ${why}`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [kind, file, exitCodeText] = process.argv.slice(2)
  const parsed = Number(exitCodeText ?? 0)
  const exitCode = Number.isNaN(parsed) ? 1 : parsed
  const counts = countResults(kind ?? '', file ?? '', exitCode)
  const note = exitNote(kind ?? '', file ?? '', exitCode)
  console.log(`${counts.passed} ${counts.failed} ${counts.skipped}${note ? ` ${note}` : ''}`)
}

// Reads a test runner's JSON report and prints "passed failed skipped" for scripts/test-all.sh.
//   node count-results.mjs vitest|playwright REPORT.json EXIT_CODE
// A runner that failed without reporting a failed test (a file that would not load, a crashed
// global setup, no report at all) counts as one failed check, so it can never pass silently.
import { existsSync, readFileSync } from 'node:fs'

const [kind, file, exitCodeText] = process.argv.slice(2)
const exitCode = Number(exitCodeText ?? 0)

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

let counts = { passed: 0, failed: 0, skipped: 0 }
if (existsSync(file)) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'))
    counts = kind === 'vitest' ? fromVitest(report) : fromPlaywright(report)
  } catch {
    // An unreadable report is handled like a missing one below.
  }
}
if (exitCode !== 0 && counts.failed === 0) counts.failed = 1
console.log(`${counts.passed} ${counts.failed} ${counts.skipped}`)

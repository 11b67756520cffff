// Reads the Electron smoke test's Playwright JSON report and prints "passed failed skipped
// reason" for scripts/test-all.sh. Unlike the other runners (count-results.mjs, where a run
// of only skipped tests is a failure), a run whose every test skipped itself on purpose
// (no Electron binary, no display) counts as skipped, with the test's own reason.
//   node electron-results.mjs REPORT.json EXIT_CODE
import { existsSync, readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { countResults } from './count-results.mjs'

function annotations(suite) {
  return [
    ...(suite.specs ?? []).flatMap((spec) => (spec.tests ?? []).flatMap((test) => test.annotations ?? [])),
    ...(suite.suites ?? []).flatMap(annotations),
  ]
}

/** { passed, failed, skipped, reason }: reason is the skip's description when all skipped. */
export function electronResults(file, exitCode) {
  const counts = countResults('playwright', file, exitCode)
  if (!existsSync(file)) return { ...counts, reason: '' }
  let report
  try {
    report = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return { ...counts, reason: '' }
  }
  const stats = report.stats ?? {}
  const allSkipped = exitCode === 0 && (report.errors ?? []).length === 0 &&
    (stats.expected ?? 0) + (stats.unexpected ?? 0) + (stats.flaky ?? 0) === 0 && (stats.skipped ?? 0) > 0
  if (!allSkipped) return { ...counts, reason: '' }
  const skip = (report.suites ?? []).flatMap(annotations).find((a) => a.type === 'skip' && a.description)
  return { passed: 0, failed: 0, skipped: stats.skipped, reason: skip?.description ?? 'skipped' }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, exitCodeText] = process.argv.slice(2)
  const exitCode = Number(exitCodeText ?? 0)
  const result = electronResults(file ?? '', Number.isNaN(exitCode) ? 1 : exitCode)
  console.log(`${result.passed} ${result.failed} ${result.skipped} ${result.reason}`.trimEnd())
}

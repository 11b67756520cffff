// `node scripts/electronegativity.mjs [--input out] [--output REPORT.csv|.sarif] [--accepted FILE]`
// Runs Electronegativity (Doyensec's Electron security checks) over the built app and fails
// on any finding that security/electronegativity-accepted.json does not accept with a reason.
// scripts/test-all.sh runs it after the build as one counted check.
//
// Why not `npx electronegativity -i out -e 45.4.1 -o REPORT`: its command line needs a
// `commander` it does not declare (version 6 or older); here npm hoists commander 14, whose
// API differs, and the CLI dies with "_commander2.default.version is not a function". Its
// runner, the package's main export, works and is what the CLI calls. Offline it works too:
// the one network call left (updated translations) gives up after 1 s; the check that fetches
// Electron's release list (AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK) is left out, since the
// Electron version is pinned in package.json and upgraded on purpose.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { appRoot } from './lib/app-root.mjs'
import { checkAcceptedList, compareFindings, describeFinding } from './lib/electronegativity-findings.mjs'

const require = createRequire(import.meta.url)
/** Checks that need the network; see above. */
const OFFLINE_EXCLUDED = ['availablesecurityfixesglobalcheck']

function electronVersion() {
  try {
    return require('electron/package.json').version
  } catch {
    return JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')).devDependencies.electron
  }
}

/** The flagged line of a scanned file, for matching and for the report. */
function lineOf(input, file, line) {
  try {
    return readFileSync(resolve(input, file), 'utf8').split('\n')[line - 1] ?? ''
  } catch {
    return ''
  }
}

async function scan(input, output) {
  const run = require('@doyensec/electronegativity')
  // The runner prints a line when it cannot fetch translations (offline): not news here.
  const log = console.log
  console.log = () => {}
  try {
    return await run({
      input,
      output,
      isSarif: output?.endsWith('.sarif') ?? false,
      electronVersionOverride: electronVersion(),
      isRelative: true,
      customScan: [],
      excludeFromScan: OFFLINE_EXCLUDED,
    })
  } finally {
    console.log = log
  }
}

/**
 * Electronegativity walks each file with an old estraverse that knows no ES2022 class syntax: a
 * vendor class with #private fields (ohash's, under reka-ui's Combobox) stops it with "Unknown
 * node type ClassPrivateProperty" and the whole chunk goes unread. Such a file is lowered to
 * ES2021 by esbuild (the same code in older syntax: private fields become WeakMaps) and scanned
 * again, so every line of it is still checked; only what cannot be read even then is reported.
 */
async function scanLowered(input, result) {
  const failed = result.errors.filter((error) => !error.tolerable)
  if (failed.length === 0) return { root: input, issues: [], unreadable: [], files: [], cleanUp: () => {} }
  const root = mkdtempSync(join(tmpdir(), 'electronegativity-lowered-'))
  const cleanUp = () => rmSync(root, { recursive: true, force: true })
  const { transform } = await import('esbuild')
  const files = []
  for (const error of failed) {
    const file = isAbsolute(error.file) ? relative(input, error.file) : error.file
    const target = join(root, file)
    mkdirSync(dirname(target), { recursive: true })
    const code = readFileSync(resolve(input, file), 'utf8')
    writeFileSync(target, (await transform(code, { loader: 'js', target: 'es2021' })).code)
    files.push(file)
  }
  const again = await scan(root, undefined)
  // Only the lowered files' own findings: the global checks (over the whole app) ran on the real one.
  return { root, issues: again.issues.filter((issue) => files.includes(issue.file)), unreadable: again.errors.filter((error) => !error.tolerable), files, cleanUp }
}

async function main() {
  const { values } = parseArgs({
    options: {
      input: { type: 'string', default: join(appRoot, 'out') },
      output: { type: 'string' },
      accepted: { type: 'string', default: join(appRoot, 'security', 'electronegativity-accepted.json') },
    },
  })
  const input = resolve(values.input)
  if (!existsSync(join(input, 'main', 'index.js'))) {
    console.error(`Nothing to check: ${input} holds no built app (run \`npm run build\` first).`)
    return 1
  }
  if (values.output && !/\.(csv|sarif)$/.test(values.output)) {
    console.error('--output must end in .csv or .sarif.')
    return 1
  }
  const accepted = JSON.parse(readFileSync(values.accepted, 'utf8'))
  const listProblems = checkAcceptedList(accepted)
  if (listProblems.length > 0) {
    console.error(`${values.accepted} is not usable:\n  ${listProblems.join('\n  ')}`)
    return 1
  }

  const started = Date.now()
  const result = await scan(input, values.output ? resolve(values.output) : undefined)
  const lowered = await scanLowered(input, result)
  const findings = [...result.issues.map((issue) => ({ issue, root: input })), ...lowered.issues.map((issue) => ({ issue, root: lowered.root }))].map(({ issue, root }) => ({
    check: issue.id,
    file: issue.file,
    line: issue.location?.line ?? 0,
    column: issue.location?.column ?? 0,
    severity: issue.severity?.name ?? 'UNKNOWN',
    confidence: issue.confidence?.name ?? 'UNKNOWN',
    description: issue.description,
    lineText: lineOf(root, issue.file, issue.location?.line ?? 0),
    ...(typeof issue.sample === 'string' ? { sample: issue.sample } : {}),
  }))
  const unreadable = lowered.unreadable
  lowered.cleanUp()
  const { accepted: known, unexpected, unused } = compareFindings(findings, accepted)

  console.log(
    `Electronegativity ${require('@doyensec/electronegativity/package.json').version}, Electron ${electronVersion()}: ` +
      `${result.globalChecks + result.atomicChecks} checks over ${input} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  )
  for (const { finding, entry } of known) console.log(`  accepted  ${describeFinding(finding)}\n            why: ${entry.why}`)
  for (const finding of unexpected) console.log(`  NEW       ${describeFinding(finding)}\n            ${finding.description ?? ''}`)
  for (const file of lowered.files) console.log(`  lowered   ${file}: read as ES2021 (its ES2022 class syntax is beyond the scanner's parser)`)
  for (const error of unreadable) console.log(`  UNREAD    ${error.file}: ${error.message}`)
  for (const entry of unused) console.log(`  (no longer found, remove from the list: ${entry.check} in ${entry.file}, "${entry.match}")`)
  if (values.output) console.log(`Report: ${resolve(values.output)}`)

  if (unexpected.length > 0 || unreadable.length > 0) {
    console.log(
      `${unexpected.length} finding(s) not in ${values.accepted} and ${unreadable.length} file(s) not read: ` +
        'fix each, or add it to the list with the reason it is acceptable.',
    )
    return 1
  }
  console.log(`No finding beyond the ${known.length} accepted with a reason.`)
  return 0
}

process.exitCode = await main()

// How scripts/electronegativity.mjs judges findings: each must be covered by an accepted entry
// (same check, same file, its code on the flagged line or in its sample) or the step fails.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  checkAcceptedList,
  compareFindings,
  covers,
  describeFinding,
  type AcceptedEntry,
  type Finding,
} from '../../../scripts/lib/electronegativity-findings.mjs'

const finding = (over: Partial<Finding> = {}): Finding => ({
  check: 'OPEN_EXTERNAL_JS_CHECK',
  file: 'main/index.js',
  line: 10,
  column: 4,
  severity: 'MEDIUM',
  confidence: 'TENTATIVE',
  lineText: '  const openExternal = webOnlyOpener((url) => shell.openExternal(url));',
  ...over,
})
const entry = (over: Partial<AcceptedEntry> = {}): AcceptedEntry => ({
  check: 'OPEN_EXTERNAL_JS_CHECK',
  file: 'main/index.js',
  match: 'webOnlyOpener((url) => shell.openExternal(url))',
  why: 'Wrapped by webOnlyOpener, which refuses anything but http(s) addresses.',
  ...over,
})

describe('electronegativity findings against the accepted list', () => {
  it('accepts a finding only with the same check, file and flagged code, wherever the line moved', () => {
    expect(covers(entry(), finding())).toBe(true)
    expect(covers(entry(), finding({ line: 999 }))).toBe(true)
    expect(covers(entry(), finding({ check: 'PRELOAD_JS_CHECK' }))).toBe(false)
    expect(covers(entry(), finding({ file: 'web/cli.js' }))).toBe(false)
    expect(covers(entry(), finding({ lineText: 'shell.openExternal(anything)' }))).toBe(false)
    // A CSP finding is matched by its sample, the policy it read.
    const csp = finding({ check: 'CSP_GLOBAL_CHECK', file: 'renderer/index.html', lineText: '    <meta', sample: "script-src 'self'; object-src 'none'" })
    expect(covers(entry({ check: 'CSP_GLOBAL_CHECK', file: 'renderer/index.html', match: "script-src 'self'" }), csp)).toBe(true)
  })

  it('fails on what no entry covers and names the entries that cover nothing any more', () => {
    const fresh = finding({ check: 'NODE_INTEGRATION_JS_CHECK', lineText: 'nodeIntegration: true' })
    const stale = entry({ check: 'AUXCLICK_JS_CHECK', match: 'disableBlinkFeatures' })
    const result = compareFindings([finding(), fresh], [entry(), stale])
    expect(result.accepted.map((a) => a.entry)).toEqual([entry()])
    expect(result.unexpected).toEqual([fresh])
    expect(result.unused).toEqual([stale])
    expect(describeFinding(fresh)).toBe('NODE_INTEGRATION_JS_CHECK at main/index.js:10:4 (MEDIUM, TENTATIVE): nodeIntegration: true')
  })

  it('refuses a list whose entries do not say what they accept and why', () => {
    expect(checkAcceptedList({})).toEqual(['The accepted list must be a JSON array of entries.'])
    expect(checkAcceptedList([null, { check: 'X', file: 'f', match: '', why: 'fine' }])).toEqual([
      'Entry 1 is not an object.',
      'Entry 2 has no "match" (a non-empty string).',
      'Entry 2 (X) does not say why in a full sentence.',
    ])
    expect(checkAcceptedList([entry()])).toEqual([])
  })

  it('the checked-in list is usable and never accepts a finding that weakens the window itself', () => {
    const list = JSON.parse(readFileSync(new URL('../../../security/electronegativity-accepted.json', import.meta.url), 'utf8'))
    expect(checkAcceptedList(list)).toEqual([])
    // These are fixed, never justified (DESIGN.md: the window's security lines).
    const neverAccepted = [
      'CONTEXT_ISOLATION_JS_CHECK',
      'NODE_INTEGRATION_JS_CHECK',
      'NODE_INTEGRATION_HTML_CHECK',
      'SANDBOX_JS_CHECK',
      'WEB_SECURITY_JS_CHECK',
      'INSECURE_CONTENT_JS_CHECK',
      'EXPERIMENTAL_FEATURES_JS_CHECK',
      'REMOTE_MODULE_JS_CHECK',
      'AUXCLICK_JS_CHECK',
      'SECURITY_WARNINGS_DISABLED_JS_CHECK',
    ]
    for (const accepted of list as AcceptedEntry[]) expect(neverAccepted).not.toContain(accepted.check)
  })
})

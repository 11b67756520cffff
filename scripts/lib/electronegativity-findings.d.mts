// Types for electronegativity-findings.mjs, so TypeScript tests can import it.
export interface Finding {
  check: string
  file: string
  line: number
  column: number
  severity: string
  confidence: string
  description?: string
  /** The flagged line of the file. */
  lineText?: string
  /** What the check looked at, when it says (a CSP string). */
  sample?: string
}

export interface AcceptedEntry {
  check: string
  file: string
  match: string
  why: string
}

export function checkAcceptedList(list: unknown): string[]
export function covers(entry: AcceptedEntry, finding: Finding): boolean
export function compareFindings(
  findings: Finding[],
  accepted: AcceptedEntry[],
): { accepted: Array<{ finding: Finding; entry: AcceptedEntry }>; unexpected: Finding[]; unused: AcceptedEntry[] }
export function describeFinding(finding: Finding): string

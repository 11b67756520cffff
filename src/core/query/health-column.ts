// The Health filter's and sort's view of a scope's rows: each row's causes as bits (one per
// HEALTH_CAUSES entry, so a filter check is one AND) and a number for sorting by its worst
// finding. Made on first use from the accounts' findings (QueryAccount.health) and kept with
// the rows; the engine starts a scope over when an account's findings map changes.
import { HEALTH_CAUSES, HEALTH_LEVELS, type HealthCause, type HealthFinding } from '../../shared'
import type { ScopeRows } from './scope-rows'

export interface HealthColumn {
  /** Bit i set: the row has a finding of HEALTH_CAUSES[i]. */
  causes: Uint16Array
  /** 0 for none; else the worst finding's level and cause, higher is worse. */
  severity: Int32Array
}

const CAUSE_BIT = new Map<HealthCause, number>(HEALTH_CAUSES.map((cause, i) => [cause, 1 << i]))

/** The bits of these causes; unknown ones (an old address) name nothing. */
export function causeMask(causes: readonly string[]): number {
  let mask = 0
  for (const cause of causes) mask |= CAUSE_BIT.get(cause as HealthCause) ?? 0
  return mask
}

/** Higher is worse: the level first, then the earlier cause of HEALTH_CAUSES (Down before Slow). */
function severityOf(finding: HealthFinding): number {
  return HEALTH_LEVELS.indexOf(finding.level) * 32 + (HEALTH_CAUSES.length - HEALTH_CAUSES.indexOf(finding.cause))
}

/** The row's findings, worst first; undefined when it has none. */
export function rowFindings(rows: ScopeRows, row: number): readonly HealthFinding[] | undefined {
  return rows.accounts[rows.rowAccount[row]!]!.health?.get(rows.site(row).id)
}

export function healthColumn(rows: ScopeRows): HealthColumn {
  return rows.derive('health', () => {
    const causes = new Uint16Array(rows.size)
    const severity = new Int32Array(rows.size)
    for (let row = 0; row < rows.size; row++) {
      const findings = rowFindings(rows, row)
      if (findings === undefined) continue
      let bits = 0
      let worst = 0
      for (const finding of findings) {
        bits |= CAUSE_BIT.get(finding.cause) ?? 0
        worst = Math.max(worst, severityOf(finding))
      }
      causes[row] = bits
      severity[row] = worst
    }
    return { causes, severity }
  })
}

/** The sort value of a row's health: its worst finding's severity, 0 for none. */
export function healthSortValue(rows: ScopeRows, row: number): number {
  const findings = rowFindings(rows, row)
  if (findings === undefined) return 0
  let worst = 0
  for (const finding of findings) worst = Math.max(worst, severityOf(finding))
  return worst
}

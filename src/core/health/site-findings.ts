// Each account's health findings by site, as the Sites query (core/query) filters, counts and
// sorts them and hands them to each row. Kept per account and made again only after a cycle
// wrote a finding of the account or the settings changed; a remade map whose findings read the
// same is thrown away and the kept one answered, so the query engine (which keys its caches on
// this map's identity) starts over only when a finding really changed.
import { HEALTH_CAUSES, HEALTH_LEVELS, type HealthFinding } from '../../shared/health'
import { healthLabel } from '../../shared/health-labels'
import type { FindingRow } from './health-store'

/** Site id -> its findings, worst first. Never changed once made. */
export type SiteFindings = ReadonlyMap<number, readonly HealthFinding[]>

export const NO_FINDINGS: SiteFindings = new Map()

/**
 * A site's findings from its check states with a cause: worst level first, then the causes'
 * order. Each label is worded as of its check (as its sentence is), so "expires in 5 days"
 * reads the same in the column as on the site page.
 */
export function findingsOf(rows: readonly FindingRow[]): HealthFinding[] {
  const findings = rows.map((s) => ({ check: s.check, cause: s.cause, level: s.level, reason: s.reason, label: healthLabel(s.cause, s.details, s.checkedMs), since: s.since }))
  // Most sites have one finding: nothing to order.
  if (findings.length < 2) return findings
  return findings.sort((a, b) => HEALTH_LEVELS.indexOf(b.level) - HEALTH_LEVELS.indexOf(a.level) || HEALTH_CAUSES.indexOf(a.cause) - HEALTH_CAUSES.indexOf(b.cause))
}

interface Kept {
  value: SiteFindings
  /** What the findings read, to tell a remade map that reads the same; null until first needed. */
  signature: string | null
  dirty: boolean
}

function signatureOf(findings: SiteFindings): string {
  return JSON.stringify([...findings].sort((a, b) => a[0] - b[0]).map(([id, list]) => [id, list.map((f) => [f.cause, f.level, f.label, f.reason, f.since])]))
}

export class SiteFindingsCache {
  private readonly kept = new Map<string, Kept>()

  /**
   * @param read the account's findings as stored: site id -> its states with a cause
   * @param enabledIn the account's test of whether a site is checked (a site turned off shows nothing)
   */
  constructor(
    private readonly read: (accountId: string) => Map<number, FindingRow[]>,
    private readonly enabledIn: (accountId: string) => (siteId: number) => boolean,
  ) {}

  of(accountId: string): SiteFindings {
    const kept = this.kept.get(accountId)
    if (kept && !kept.dirty) return kept.value
    const made = new Map<number, HealthFinding[]>()
    const enabled = this.enabledIn(accountId)
    for (const [siteId, states] of this.read(accountId)) {
      if (!enabled(siteId)) continue
      const findings = findingsOf(states)
      if (findings.length > 0) made.set(siteId, findings)
    }
    // The first map of an account is kept without a signature: it is made while the first page
    // waits (30 ms of the 130 at 10,000 sites), and only a later remake needs one to compare.
    const signature = kept ? signatureOf(made) : null
    if (kept && (kept.signature ??= signatureOf(kept.value)) === signature) {
      kept.dirty = false
      return kept.value
    }
    const value: SiteFindings = made.size === 0 ? NO_FINDINGS : made
    this.kept.set(accountId, { value, signature, dirty: false })
    return value
  }

  /** The account's findings may have changed: read them again when next asked. */
  invalidate(accountId?: string): void {
    if (accountId === undefined) for (const kept of this.kept.values()) kept.dirty = true
    else {
      const kept = this.kept.get(accountId)
      if (kept) kept.dirty = true
    }
  }

  forget(accountId: string): void {
    this.kept.delete(accountId)
  }
}

// What a cycle of health checks found changing, as at most one notification for the whole
// cycle (the sync summaries' style): sites gone down, sites back up with how long they were
// down, certificates and domains entering their warning window or failing, and versions
// passing their end of life. A check's first state is not news (as an account's first sync is
// not): only a change from a known state counts. Pure, so every rule is tested without a network.
import type { AttentionSummary, HealthAttentionCounts, HealthCheckState, HealthNotifyOn } from '../../shared'

export interface HealthChange {
  accountId: string
  siteId: number
  previous: Pick<HealthCheckState, 'level' | 'cause' | 'since'> | undefined
  next: HealthCheckState
}

export type HealthTransitionKind = keyof HealthAttentionCounts

export interface HealthTransition {
  accountId: string
  siteId: number
  kind: HealthTransitionKind
  /** For recovered: how long the site was down. */
  downForMs?: number
}

const CERTIFICATE = new Set(['certificateExpiring', 'certificateInvalid'])
const DOMAIN = new Set(['domainExpiring', 'domainExpired'])

export function healthTransitions(changes: readonly HealthChange[]): HealthTransition[] {
  const out: HealthTransition[] = []
  for (const { accountId, siteId, previous, next } of changes) {
    if (previous === undefined || previous.cause === next.cause) continue
    const base = { accountId, siteId }
    if (next.cause === 'down') out.push({ ...base, kind: 'down' })
    else if (previous.cause === 'down') out.push({ ...base, kind: 'recovered', downForMs: Date.parse(next.checkedAt) - Date.parse(previous.since) })
    if (next.cause !== null && CERTIFICATE.has(next.cause)) out.push({ ...base, kind: 'certificate' })
    if (next.cause !== null && DOMAIN.has(next.cause)) out.push({ ...base, kind: 'domain' })
    if (next.cause === 'endOfLife') out.push({ ...base, kind: 'endOfLife' })
  }
  return out
}

export interface HealthSummaryInput {
  transitions: readonly HealthTransition[]
  notifyOn: HealthNotifyOn
  accountLabel: (accountId: string) => string
  siteName: (accountId: string, siteId: number) => string
}

/** The one summary of a cycle, or null when nothing that is turned on changed. */
export function healthSummary(input: HealthSummaryInput): AttentionSummary | null {
  const counted = input.transitions.filter((t) => input.notifyOn[t.kind])
  if (counted.length === 0) return null
  const health: HealthAttentionCounts = { down: 0, recovered: 0, certificate: 0, domain: 0, endOfLife: 0 }
  for (const t of counted) health[t.kind]++
  // The account the most changes are in: the notification opens its view.
  const perAccount = new Map<string, number>()
  for (const t of counted) perAccount.set(t.accountId, (perAccount.get(t.accountId) ?? 0) + 1)
  const accountId = [...perAccount.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] as string
  const accountLabel = input.accountLabel(accountId)
  const sites = new Set(counted.map((t) => `${t.accountId}:${t.siteId}`)).size
  const where = perAccount.size === 1 ? `${accountLabel}: ` : ''
  const title = health.down > 0 ? `${where}${plural(health.down, 'site is', 'sites are')} down` : `${where}${plural(sites, 'site needs', 'sites need')} attention`
  const names = (kind: HealthTransitionKind): string => {
    const list = counted.filter((t) => t.kind === kind)
    const shown = list.slice(0, 3).map((t) => input.siteName(t.accountId, t.siteId) + (t.downForMs === undefined ? '' : ` after ${duration(t.downForMs)}`))
    return shown.join(', ') + (list.length > 3 ? ` and ${list.length - 3} more` : '')
  }
  const lines: string[] = []
  if (health.down > 0) lines.push(`Down: ${names('down')}`)
  if (health.recovered > 0) lines.push(`Back up: ${names('recovered')}`)
  if (health.certificate > 0) lines.push(`Certificate expiring or invalid: ${names('certificate')}`)
  if (health.domain > 0) lines.push(`Domain expiring or expired: ${names('domain')}`)
  if (health.endOfLife > 0) lines.push(`Past end of life: ${names('endOfLife')}`)
  const cause = health.down > 0 ? 'down' : health.certificate > 0 ? 'certificate' : health.domain > 0 ? 'domain' : health.endOfLife > 0 ? 'endOfLife' : 'recovered'
  return {
    accountId,
    accountLabel,
    title,
    body: lines.join('\n'),
    path: '/sites',
    // Sites back up have no finding left to filter by: their click opens the whole list.
    query: cause === 'recovered' ? {} : { health: cause },
    counts: { newUpdateEvents: 0, pendingRose: 0, notChecked: 0 },
    health,
  }
}

/** "3 min", "2 h 5 min", "3 days". */
export function duration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`
  return `${Math.round(hours / 24)} days`
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

// The names core offers for an export: what, whose and which day, safe as a file name on
// every system ("sites-agency-2026-11-23.csv", "events-all-accounts-2026-11-23.csv").
import type { ExportFormat } from '../../shared'

/** The local calendar day as yyyy-mm-dd: the day the person sees on their clock. */
export function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
}

/**
 * A name that is safe as a file name on every system: letters and digits of any script kept,
 * everything else (slashes, colons, spaces, dots) folded into single dashes.
 */
export function fileNamePart(text: string): string {
  const part = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return part || 'account'
}

/** "sites-agency-2026-11-23.csv"; a scope of several accounts is "all-accounts". */
export function exportFileName(what: 'sites' | 'events', accountLabels: readonly string[], format: ExportFormat, at: Date = new Date()): string {
  const whose = accountLabels.length === 1 ? fileNamePart(accountLabels[0]!) : 'all-accounts'
  return `${what}-${whose}-${localDay(at)}.${format}`
}

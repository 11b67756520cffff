// How a health finding looks in the Sites column: its few words from the check's details
// (shared/health-labels.ts), and the cell's worst finding with its tone, icon and "+N".
import { describe, expect, it } from 'vitest'
import { healthLabel, formatHealthDay, type EolDetails, type HealthFinding } from '../../../../../src/shared'
import { healthCell } from '../../../../../src/renderer/src/components/health/health-look'

const NOW = Date.parse('2026-11-27T12:00:00Z')
const DAY = 86_400_000

describe('a finding in a few words', () => {
  it('says how many days a certificate or domain has left', () => {
    const tls = { kind: 'tls' as const, expiresAt: new Date(NOW + 9 * DAY + 3_600_000).toISOString(), issuer: 'CA', validForHost: true, trusted: true }
    expect(healthLabel('certificateExpiring', tls, NOW)).toBe('Certificate expires in 9 days')
    expect(healthLabel('certificateExpiring', { ...tls, expiresAt: new Date(NOW + DAY + 60_000).toISOString() }, NOW)).toBe('Certificate expires tomorrow')
    expect(healthLabel('certificateInvalid', { ...tls, expiresAt: new Date(NOW - DAY).toISOString() }, NOW)).toBe('Certificate expired')
    const domain = { kind: 'domain' as const, domain: 'a.test', expiresAt: new Date(NOW + 20 * DAY).toISOString(), rdapService: 'https://rdap.test/' }
    expect(healthLabel('domainExpiring', domain, NOW)).toBe('Domain expires in 20 days')
    // Details that say less fall back to the cause's name.
    expect(healthLabel('domainExpiring', { ...domain, expiresAt: null }, NOW)).toBe('Domain expiring')
  })

  it('names the product and the day its security fixes ended', () => {
    const eol: EolDetails = {
      kind: 'eol',
      asOf: '2026-08-22',
      products: [
        { product: 'php', version: '8.1.27', cycle: '8.1', activeSupportUntil: '2023-11-25', securitySupportUntil: '2025-12-31' },
        { product: 'mysql', version: '5.7.44', cycle: '5.7', activeSupportUntil: null, securitySupportUntil: '2023-10-31' },
      ],
    }
    expect(healthLabel('endOfLife', eol, NOW)).toBe('PHP 8.1 without security fixes since 31 Dec 2025 (+1)')
    expect(healthLabel('endOfLife', { ...eol, products: eol.products.slice(0, 1) }, NOW)).toBe('PHP 8.1 without security fixes since 31 Dec 2025')
    expect(formatHealthDay('2026-08-22')).toBe('22 Aug 2026')
    expect(healthLabel('dnsElsewhere', { kind: 'dns', addresses: [], expected: null }, NOW)).toBe('DNS points elsewhere')
  })
})

describe('the Sites cell of a row', () => {
  const finding = (cause: HealthFinding['cause'], level: HealthFinding['level'], label: string): HealthFinding => ({ check: 'reachability', cause, level, reason: `${label}, in a sentence.`, label, since: '2026-11-27T11:00:00Z' })
  it('shows the worst finding with its tone and icon, and how many more', () => {
    const cell = healthCell([finding('down', 'error', 'Down'), finding('endOfLife', 'warning', 'PHP 8.1 without security fixes since 31 Dec 2025')])
    expect(cell).toMatchObject({ tone: 'danger', text: 'Down', more: 1 })
    expect(cell?.title).toBe('Down, in a sentence.\nPHP 8.1 without security fixes since 31 Dec 2025, in a sentence.')
    expect(healthCell([finding('slow', 'warning', 'Slow')])?.path).not.toBe(cell?.path)
    expect(healthCell(undefined)).toBeNull()
    expect(healthCell([])).toBeNull()
  })
})

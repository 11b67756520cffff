// What a site's certificate means for its visitors, judged from what the TLS handshake
// showed: expired, not yet valid, for another host, not chained to a trusted root, inside the
// warning window, or fine. Pure, so each rule is tested with a certificate object of any shape.
import { checkServerIdentity, type PeerCertificate } from 'node:tls'
import type { TlsDetails } from '../../shared/health'
import { daysAhead, finding, isoDay, plain, type CheckOutcome } from './check-outcome'

export interface HandshakeSeen {
  host: string
  /** The peer certificate as Node gives it; {} or missing fields when the server sent none. */
  certificate: Partial<PeerCertificate>
  authorized: boolean
  /** Node's reason when not authorized (DEPTH_ZERO_SELF_SIGNED_CERT, ...). */
  authorizationError: string | null
}

const UNTRUSTED: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'is self-signed, so browsers do not trust it',
  SELF_SIGNED_CERT_IN_CHAIN: 'chains to a self-signed root that browsers do not trust',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'does not chain to a trusted root (an intermediate certificate may be missing)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'does not chain to a trusted root (an intermediate certificate may be missing)',
  UNABLE_TO_GET_ISSUER_CERT: 'does not chain to a trusted root',
  CERT_SIGNATURE_FAILURE: 'has a signature that does not verify',
  CERT_REVOKED: 'has been revoked',
}

export function judgeCertificate(seen: HandshakeSeen, nowMs: number, warningDays: number): CheckOutcome {
  const cert = seen.certificate
  const validTo = typeof cert.valid_to === 'string' ? Date.parse(cert.valid_to) : Number.NaN
  const validFrom = typeof cert.valid_from === 'string' ? Date.parse(cert.valid_from) : Number.NaN
  const issuer = issuerName(cert)
  const identityError = cert.subject === undefined && cert.subjectaltname === undefined ? null : checkServerIdentity(seen.host, cert as PeerCertificate)
  const details: TlsDetails = {
    kind: 'tls',
    expiresAt: Number.isNaN(validTo) ? null : new Date(validTo).toISOString(),
    issuer,
    validForHost: cert.subject === undefined && cert.subjectaltname === undefined ? null : identityError === undefined,
    trusted: seen.authorized,
  }
  const bad = (reason: string): CheckOutcome => finding('tls', 'certificateInvalid', reason, details)
  if (Object.keys(cert).length === 0) return bad(`${seen.host} sent no certificate.`)
  if (Number.isNaN(validTo) || Number.isNaN(validFrom)) return bad(`The certificate of ${seen.host} carries no validity dates, so it cannot be trusted.`)
  if (validTo <= nowMs) return bad(`The certificate of ${seen.host} expired on ${isoDay(validTo)}.`)
  if (validFrom > nowMs) return bad(`The certificate of ${seen.host} is not valid before ${isoDay(validFrom)}.`)
  if (identityError !== undefined) return bad(`The certificate is not valid for ${seen.host}${namesOf(cert)}.`)
  if (!seen.authorized) {
    const why = UNTRUSTED[seen.authorizationError ?? ''] ?? `is not trusted (${seen.authorizationError ?? 'no reason given'})`
    return bad(`The certificate of ${seen.host} ${why}.`)
  }
  const days = daysAhead(validTo, nowMs)
  if (days < warningDays) {
    const when = days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`
    return finding('tls', 'certificateExpiring', `The certificate of ${seen.host} expires ${when}, on ${isoDay(validTo)}.`, details)
  }
  return plain('tls', 'ok', `Valid until ${isoDay(validTo)}${issuer ? `, issued by ${issuer}` : ''}.`, details)
}

function issuerName(cert: Partial<PeerCertificate>): string | null {
  const issuer = cert.issuer as Record<string, string | string[] | undefined> | undefined
  const name = issuer?.O ?? issuer?.CN
  if (name === undefined) return null
  return Array.isArray(name) ? (name[0] ?? null) : name
}

function namesOf(cert: Partial<PeerCertificate>): string {
  const names = (cert.subjectaltname ?? '')
    .split(',')
    .map((name) => name.trim().replace(/^DNS:/, ''))
    .filter((name) => name !== '')
  return names.length === 0 ? '' : ` (it is for ${names.slice(0, 3).join(', ')})`
}

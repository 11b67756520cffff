// The TLS check of an https site: one handshake through the injected network, its certificate
// judged (certificate-judgement.ts). A host that cannot be reached is "unknown" here (the
// reachability check says it is down); one that answers with something other than a TLS
// handshake has no valid certificate for its visitors, which is an error.
import type { TLSSocket } from 'node:tls'
import type { TlsDetails } from '../../shared/health'
import { finding, plain, type CheckOutcome } from './check-outcome'
import { judgeCertificate } from './certificate-judgement'
import { connectHost } from './connect-host'
import type { HealthNetwork } from './health-network'
import { describeNetworkError, errorCode, rethrowRefusal } from './network-errors'

export interface TlsCheckOptions {
  network: HealthNetwork
  nowMs: number
  warningDays: number
  timeoutMs: number
  ca?: readonly string[]
  signal?: AbortSignal
}

const NONE: TlsDetails = { kind: 'tls', expiresAt: null, issuer: null, validForHost: null, trusted: null }

export async function checkTls(address: string, options: TlsCheckOptions): Promise<CheckOutcome> {
  const url = new URL(address)
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
  let socket: TLSSocket
  try {
    socket = (await connectHost(options.network, {
      host,
      port: Number(url.port) || 443,
      tls: options.ca ? { ca: options.ca } : {},
      timeoutMs: options.timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
    })) as TLSSocket
  } catch (error) {
    rethrowRefusal(error)
    const reason = describeNetworkError(error, host)
    return isHandshakeFailure(error) ? finding('tls', 'certificateInvalid', reason, NONE) : plain('tls', 'unknown', `The certificate could not be read: ${lowerFirst(reason)}`, NONE)
  }
  try {
    return judgeCertificate(
      {
        host,
        certificate: socket.getPeerCertificate(false) ?? {},
        authorized: socket.authorized,
        authorizationError: socket.authorizationError === undefined || socket.authorizationError === null ? null : String(socket.authorizationError),
      },
      options.nowMs,
      options.warningDays,
    )
  } finally {
    socket.destroy()
  }
}

function isHandshakeFailure(error: unknown): boolean {
  const code = errorCode(error) ?? ''
  return code === 'EPROTO' || code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS')
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}

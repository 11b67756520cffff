// One sentence for what went wrong on the way to a site: the reason a person reads in the
// Health column, so it names the host and says what happened, never a stack or an errno alone.
import { OffMachineRefusedError } from './health-network'

const SENTENCES: Record<string, (host: string) => string> = {
  ENOTFOUND: (host) => `The name ${host} does not resolve to any address.`,
  EAI_AGAIN: (host) => `The name ${host} could not be looked up (the DNS server did not answer).`,
  ENODATA: (host) => `The name ${host} has no address records.`,
  ECONNREFUSED: (host) => `${host} refused the connection.`,
  ECONNRESET: (host) => `${host} closed the connection before answering.`,
  EHOSTUNREACH: (host) => `${host} cannot be reached from this network.`,
  ENETUNREACH: (host) => `The network to ${host} cannot be reached from here.`,
  ETIMEDOUT: (host) => `${host} did not accept a connection in time.`,
  UND_ERR_HEADERS_TIMEOUT: (host) => `${host} accepted the connection but did not answer in time.`,
  UND_ERR_BODY_TIMEOUT: (host) => `${host} stopped sending its page before the end.`,
  UND_ERR_SOCKET: (host) => `${host} closed the connection before answering.`,
  ERR_SSL_WRONG_VERSION_NUMBER: (host) => `${host} answered without a TLS handshake on its https port.`,
  ERR_SSL_PACKET_LENGTH_TOO_LONG: (host) => `${host} answered without a TLS handshake on its https port.`,
  EPROTO: (host) => `${host} answered without a TLS handshake on its https port.`,
}

/** The error of a failed connection or request as one sentence about the host. */
export function describeNetworkError(error: unknown, host: string): string {
  const code = errorCode(error)
  const sentence = code === undefined ? undefined : SENTENCES[code]
  if (sentence) return sentence(host)
  if (code?.startsWith('ERR_SSL') || code?.startsWith('ERR_TLS')) return `The TLS handshake with ${host} failed (${code}).`
  if (code?.startsWith('HPE_')) return `${host} answered with something that is not HTTP.`
  const message = error instanceof Error ? error.message : String(error)
  return `${host} could not be reached: ${message.replace(/\s+/g, ' ').slice(0, 160)}`
}

/** Node's and undici's code of an error, looking through a cause. */
export function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    const code = (current as NodeJS.ErrnoException).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** A refusal of the loopback-only network is a test's bug: it goes up, never into a result. */
export function rethrowRefusal(error: unknown): void {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    if (current instanceof OffMachineRefusedError) throw current
    current = (current as { cause?: unknown }).cause
  }
}

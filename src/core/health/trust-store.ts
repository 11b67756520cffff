// Which certificate authorities a health check trusts: the system's roots, the file named by
// NODE_EXTRA_CA_CERTS (a company's own CA, which Node reads only at start and only into its
// default context) and any list injected (the tests' own CA). undefined keeps Node's default,
// which is cheaper to connect with.
import { readFileSync } from 'node:fs'
import { rootCertificates } from 'node:tls'

export interface TrustOptions {
  /** PEM certificates to trust besides the system's (the tests' CA). */
  ca?: readonly string[]
  env?: NodeJS.ProcessEnv
}

export function trustedCa(options: TrustOptions = {}): readonly string[] | undefined {
  const extraFile = (options.env ?? process.env).NODE_EXTRA_CA_CERTS
  const injected = options.ca ?? []
  if (injected.length === 0 && !extraFile) return undefined
  const extra: string[] = []
  if (extraFile) {
    try {
      extra.push(readFileSync(extraFile, 'utf8'))
    } catch {
      // Node warns about an unreadable file at start; a check must not fail over it.
    }
  }
  return [...rootCertificates, ...extra, ...injected]
}

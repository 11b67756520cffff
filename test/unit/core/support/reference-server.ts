// A real reference server on loopback for the tests of accounts and channels.
import { startReferenceServer } from '../../../../src/reference-server'

export const GOOD_TOKEN = 'test-token-0123456789abcdef'

export async function startTestServer(sites = 20) {
  return startReferenceServer({ port: 0, seed: 'core-tests', sites, accounts: 1, tokens: [GOOD_TOKEN] })
}

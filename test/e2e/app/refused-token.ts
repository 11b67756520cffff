// The token the app stored stops working, as when the server's tokens are renewed: the tests of
// what the person sees then (the banner, one alert, a new token) start the same way.
import { startReferenceServer, type RunningReferenceServer } from '../../../src/reference-server'

/**
 * Closes `referenceServer` and starts a new one on the same address with new tokens, so the
 * stored token is refused from now on. The caller closes the one answered.
 */
export async function renewServerTokens(referenceServer: RunningReferenceServer): Promise<RunningReferenceServer> {
  const { port } = referenceServer
  await referenceServer.close()
  return startReferenceServer({ port, seed: 'demo', sites: 60 })
}

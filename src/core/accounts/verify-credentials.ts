// Before an account is saved (or its token replaced), one real request proves that the base
// URL points at the API and that the token is accepted, so a typo is caught at once and the
// error says which of the two is wrong.
import type { SiteApi, SiteApiClientOptions } from '../api/site-api'
import { AppErrorException, appError } from '../errors'

export type CreateSiteApi = (options: SiteApiClientOptions) => SiteApi

export function credentialsVerifier(createClient: CreateSiteApi) {
  return async (baseUrl: string, token: string): Promise<void> => {
    const client = createClient({ baseUrl, token, maxRetries: 0 })
    try {
      await client.listTags(1)
    } catch (thrown) {
      throw explain(thrown, baseUrl)
    } finally {
      await client.close().catch(() => undefined)
    }
  }
}

function explain(thrown: unknown, baseUrl: string): unknown {
  if (!(thrown instanceof AppErrorException)) return thrown
  const { code, status } = thrown.appError
  if (code === 'unauthorized') {
    return appError({
      code,
      status,
      message: `The server at ${baseUrl} refused this token. Check that it was copied whole and has not been revoked.`,
    })
  }
  if (code === 'not_found' || code === 'bad_response') {
    return appError({
      code,
      status,
      message: `No Site Management API answered at ${baseUrl}. Check the address: it is the API root ending in /v1, e.g. https://example.com/api/v1.`,
    })
  }
  return thrown
}

// Before an account is saved (or its token replaced), one real request proves that the base
// URL points at the API and that the token is accepted, so a typo is caught at once and the
// error says which of the two is wrong. A server that answered with something unusable is told
// apart from one where no API answered: the person needs to know which one to fix.
import type { SiteApi, SiteApiClientOptions } from '../api/site-api'
import { UnreadableBodyException, type ReceivedBody } from '../api/response-body'
import { AppErrorException, appError } from '../errors'

export type CreateSiteApi = (options: SiteApiClientOptions) => SiteApi

const CHECK_ADDRESS = 'Check the address: it is the API root ending in /v1, e.g. https://example.com/api/v1'

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

/** What an answer that is not JSON at all means when adding an account, in words. */
function unreadableAnswer(got: ReceivedBody, baseUrl: string): string {
  switch (got.kind) {
    case 'web_page':
      return `No Site Management API answered at ${baseUrl}: the server sent a web page (HTTP ${got.status}, ${got.contentType}: "${got.excerpt}"). ${CHECK_ADDRESS}.`
    case 'empty':
      return `The server at ${baseUrl} answered with an empty body (HTTP ${got.status}, ${got.contentType}), not with a list of tags. ${CHECK_ADDRESS}.`
    case 'not_json':
      return `The server at ${baseUrl} answered, but with something that is not valid JSON (HTTP ${got.status}, ${got.contentType}: "${got.excerpt}"). ${CHECK_ADDRESS}; if it is right, the server has a fault: tell its administrator.`
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
  if (code === 'not_found') {
    return appError({ code, status, message: `No Site Management API answered at ${baseUrl}${status === undefined ? '' : ` (HTTP ${status})`}. ${CHECK_ADDRESS}.` })
  }
  if (thrown instanceof UnreadableBodyException) return appError({ code, status, message: unreadableAnswer(thrown.received, baseUrl) })
  if (code === 'bad_response') {
    // JSON of another shape, a list that contradicts itself, an oversized answer: the message
    // says what was wrong; when adding an account the likely cause is the address.
    const { message } = thrown.appError
    return message.includes('API root') ? thrown : appError({ ...thrown.appError, message: `${message} ${CHECK_ADDRESS}.` })
  }
  return thrown
}

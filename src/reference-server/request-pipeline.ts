// One request from arrival to Reply, in the order a real deployment applies things:
// latency, then the rate limiter, then injected infrastructure failures (an HTML error page,
// random 5xx), then routing (404/405), authentication (401) and finally the endpoint. A
// malformed-JSON fault breaks 200 bodies after the endpoint ran, like a connection cut short.
import type { IncomingMessage } from 'node:http'
import { bearerToken } from './auth'
import { breakJson, failureMessage, HTML_ERROR_PAGE, pickFailure } from './faults'
import { HANDLERS } from './handlers'
import type { SeededRandom } from './random'
import type { RateLimiter } from './rate-limiter'
import type { Reply } from './replies'
import { htmlReply, messageReply, methodNotAllowed, routeNotFound, unauthenticated } from './replies'
import { BodyTooLargeError, parseInput, readBody } from './request-body'
import { API_ROOT, matchRoute } from './router'
import type { ReferenceStore } from './store'
import type { ReferenceServerFaults } from './types'

const MAX_BODY_BYTES = 1024 * 1024

export interface PipelineDeps {
  store: ReferenceStore
  limiter: RateLimiter
  failureRandom: SeededRandom
  faults: () => ReferenceServerFaults
  perPage: number
  logsLinkQuirk: boolean
  /** host:port to use in links when a client sends no Host header. */
  fallbackHost: string
}

export async function answer(request: IncomingMessage, faults: ReferenceServerFaults, deps: PipelineDeps): Promise<Reply> {
  const token = bearerToken(request.headers.authorization)
  let rateHeaders: Record<string, string> = {}
  if (faults.rateLimitPerMinute !== null) {
    // Laravel's api limiter keys by the user, or by the IP when there is none: a token that
    // is no account shares its address's budget, so made-up tokens get no fresh windows.
    const key = token && deps.store.accountFor(token) ? `token:${token}` : `ip:${request.socket.remoteAddress ?? ''}`
    const decision = deps.limiter.hit(key, faults.rateLimitPerMinute)
    rateHeaders = decision.headers
    if (!decision.allowed) return messageReply(429, 'Too Many Attempts.', rateHeaders)
  }
  const reply = await answerWithinLimit(request, token, faults, deps)
  Object.assign(reply.headers, rateHeaders)
  if (faults.malformedJson && reply.status === 200 && reply.body !== null && reply.headers['Content-Type'] === 'application/json') {
    reply.body = breakJson(reply.body)
  }
  return reply
}

async function answerWithinLimit(request: IncomingMessage, token: string | null, faults: ReferenceServerFaults, deps: PipelineDeps): Promise<Reply> {
  if (faults.htmlErrorPage) return htmlReply(500, HTML_ERROR_PAGE)
  const failure = pickFailure(faults, deps.failureRandom)
  if (failure !== null) return messageReply(failure, failureMessage(failure))

  const url = new URL(request.url ?? '/', 'http://placeholder')
  const method = request.method ?? 'GET'
  const route = matchRoute(method, url.pathname)
  if (route.kind === 'not_found') return routeNotFound(url.pathname)
  if (route.kind === 'method_not_allowed') return methodNotAllowed(method, url.pathname, route.allowed)

  const account = token ? deps.store.accountFor(token) : undefined
  if (!account) return unauthenticated()

  // Links are absolute and built from the address the client used, as Laravel's url() does.
  const apiRoot = `http://${request.headers.host ?? deps.fallbackHost}${API_ROOT}`
  try {
    return await HANDLERS[route.name]({
      store: deps.store,
      account,
      id: route.id,
      query: url.searchParams,
      apiRoot,
      perPage: deps.perPage,
      logsLinkQuirk: deps.logsLinkQuirk,
      readInput: async () => parseInput(request.headers['content-type'], await readBody(request, MAX_BODY_BYTES)),
    })
  } catch (error) {
    if (error instanceof BodyTooLargeError) return messageReply(413, 'Content Too Large')
    throw error
  }
}

// Core's answers to a page's first calls, made as the page is served (core/first-screen says
// which and how): only what is ready by the deadline is sent, so a slow core never holds the
// page itself back.
import type { ChannelHandlers } from '../shared'
import type { PrimedAnswer } from '../shared/first-screen'
import { answerAhead, PRIME_DEADLINE_MS, type FirstCall } from '../core/first-screen'

export { PRIME_DEADLINE_MS } from '../core/first-screen'

export function primeAnswers(handlers: ChannelHandlers, calls: readonly FirstCall[], deadlineMs = PRIME_DEADLINE_MS): Promise<PrimedAnswer[]> {
  // No pushes are heard here: the page's socket asks for those sent since (?since=).
  return answerAhead({ handlers }, calls).take(deadlineMs)
}

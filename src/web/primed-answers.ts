// Core's answers to a page's first calls, made as the page is served (first-calls.ts says which).
// Only what is ready by the deadline is sent: a page whose answers are late asks over its
// socket as it always could, so a slow core never holds the page itself back. Failed answers
// are left out too; the page asks again and shows what it gets then.
import type { ChannelHandlers, RequestChannel, Result } from '../shared'
import { callKey } from './protocol'
import type { FirstCall } from './first-calls'

/** How long the page's last part waits for core's answers. */
export const PRIME_DEADLINE_MS = 250

export async function primeAnswers(
  handlers: ChannelHandlers,
  calls: readonly FirstCall[],
  deadlineMs = PRIME_DEADLINE_MS,
): Promise<Array<[string, Result<unknown>]>> {
  const answers: Array<[string, Result<unknown>]> = []
  let timedOut = false
  const asked = askFirstCalls(handlers, calls, (key, result) => {
    if (result.ok && !timedOut) answers.push([key, result])
  })
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([
    asked,
    new Promise<void>((done) => {
      timer = setTimeout(() => {
        timedOut = true
        done()
      }, deadlineMs)
    }),
  ])
  clearTimeout(timer)
  return answers
}

/**
 * Asks core each call once (a call listed twice, or on a channel core does not have, is
 * passed over) and hands each answer to `answered` as it comes; settles once all have.
 */
export async function askFirstCalls(
  handlers: ChannelHandlers,
  calls: readonly FirstCall[],
  answered: (key: string, result: Result<unknown>) => void,
): Promise<void> {
  const keys = new Set<string>()
  await Promise.all(
    calls.map(async ({ channel, input }) => {
      const key = callKey(channel, input)
      if (keys.has(key) || !(channel in handlers)) return
      keys.add(key)
      try {
        answered(key, await (handlers[channel as RequestChannel] as (input: unknown) => Promise<Result<unknown>>)(input))
      } catch {
        // Core answers with data; a throw here is the page's to meet when it asks itself.
      }
    }),
  )
}

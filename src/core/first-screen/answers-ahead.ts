// Core's answers to a window's first calls, made ahead (first-calls.ts says which): the web
// shell makes them as it serves the page, the desktop app as it creates its window. Only what
// is ready by a deadline is handed out: a page whose answers are late asks for itself as it
// always could, so a slow core never holds the page back for long. Failed answers are left out
// too; the page asks again and shows what it gets then. While they wait to be handed out, a
// push that says data changed drops the answers it may have made untrue
// (shared/first-screen.ts), even those still being made.
import type { ChannelHandlers, PushEvent, RequestChannel, Result } from '../../shared'
import { callKey, PrimedAnswerBook, SPOILING_PUSHES, type FirstCall, type PrimedAnswer } from '../../shared/first-screen'

/** How long the page waits for core's answers at most. */
export const PRIME_DEADLINE_MS = 250

/** What answerAhead needs of core: its handlers and, to drop what pushes make untrue, its pushes. */
export interface AnsweringCore {
  handlers: ChannelHandlers
  on?(event: PushEvent, listener: () => void): () => void
}

export interface AnswersAhead {
  /**
   * The answers that still hold, once all are made or `deadlineMs` has passed, whichever is
   * first; then none any more (an answer is handed out once, later ones are dropped).
   */
  take(deadlineMs?: number): Promise<PrimedAnswer[]>
  /** Drops them all: nobody will take them (core is closing, another window opened). */
  drop(): void
}

/** Starts answering the calls now; the answers wait to be taken. */
export function answerAhead(core: AnsweringCore, calls: readonly FirstCall[]): AnswersAhead {
  const book = new PrimedAnswerBook()
  const stopListening = core.on ? SPOILING_PUSHES.map((event) => core.on!(event, () => book.heard(event))) : []
  const asked = askFirstCalls(core.handlers, calls, (key, result) => {
    if (result.ok) book.add(key, result)
  })
  let taken = false
  const drop = (): void => {
    taken = true
    book.close()
    for (const stop of stopListening) stop()
  }
  return {
    async take(deadlineMs = PRIME_DEADLINE_MS) {
      if (taken) return []
      taken = true
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([asked, new Promise<void>((done) => (timer = setTimeout(done, deadlineMs)))])
      clearTimeout(timer)
      const answers = book.left()
      drop()
      return answers
    },
    drop,
  }
}

interface DistinctCall {
  key: string
  channel: RequestChannel
  input: unknown
}

/** Each call once (a call listed twice, or on a channel core does not have, is passed over). */
function distinctCalls(handlers: ChannelHandlers, calls: readonly FirstCall[]): DistinctCall[] {
  const keys = new Set<string>()
  const distinct: DistinctCall[] = []
  for (const { channel, input } of calls) {
    const key = callKey(channel, input)
    if (keys.has(key) || !(channel in handlers)) continue
    keys.add(key)
    distinct.push({ key, channel: channel as RequestChannel, input })
  }
  return distinct
}

/** Core's answer, or null when the handler threw (core answers with data; a throw is the page's to meet when it asks itself). */
async function ask(handlers: ChannelHandlers, call: DistinctCall): Promise<Result<unknown> | null> {
  try {
    return await (handlers[call.channel] as (input: unknown) => Promise<Result<unknown>>)(call.input)
  } catch {
    return null
  }
}

/** Asks core each call once, all at once, and hands each answer to `answered` as it comes; settles once all have. */
export async function askFirstCalls(
  handlers: ChannelHandlers,
  calls: readonly FirstCall[],
  answered: (key: string, result: Result<unknown>) => void,
): Promise<void> {
  await Promise.all(
    distinctCalls(handlers, calls).map(async (call) => {
      const result = await ask(handlers, call)
      if (result !== null) answered(call.key, result)
    }),
  )
}

/**
 * Asks core each call once, one after another, each after a turn of the event loop, and drops
 * the answers: what stays is what they cost (warm caches). Asked all at once, their cold reads
 * ran back to back in one turn (each queued its next step together), and a request arriving
 * meanwhile (a launch's page) waited behind all of them; one at a time, it waits for one step.
 */
export async function warmUpWith(handlers: ChannelHandlers, calls: readonly FirstCall[]): Promise<void> {
  for (const call of distinctCalls(handlers, calls)) {
    await new Promise<void>((resolve) => setImmediate(resolve))
    await ask(handlers, call)
  }
}

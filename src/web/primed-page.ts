// Sends the app's page with its head start: everything before </body> goes at once, so the
// browser asks for the scripts and styles while core answers the page's first calls
// (primed-answers.ts); the answers follow as a JSON data block, then the page's end. The
// scripts are deferred, so they run only once the whole page (answers included) is in.
//
// A call core has not answered by then takes its kept answer (kept-answers.ts), if it has one:
// a shell that has just started opens its first page on the last view's rows, and the page reads
// everything again once connected. With kept answers for every call, core gets a shorter wait.
import type { ServerResponse } from 'node:http'
import type { ChannelHandlers } from '../shared'
import { callKey, type PrimedAnswer } from '../shared/first-screen'
import type { FirstCall, FirstCalls } from '../core/first-screen'
import type { KeptAnswers } from './kept-answers'
import { primeAnswers, PRIME_DEADLINE_MS } from './primed-answers'
import { encodePrimedAnswers, PRIMED_ANSWERS_ID, type KeptScreen, type PrimedAnswers } from './protocol'
import type { StaticFile } from './static-files'
import type { ReadStylesheet } from './style-selectors'
import { withKeptScreen } from './kept-screen-page'

/** Core's wait when every call has a kept answer: a warm core answers within it, a cold one would take seconds. */
export const KEPT_DEADLINE_MS = 60

export interface PrimingSource {
  readonly firstCalls: FirstCalls
  pushSeq(): number
  readonly keptAnswers?: KeptAnswers
  /** The window's last screen, painted before the app runs (kept-screen.ts), and the build's stylesheet at an href, read (null: not in the build). */
  readonly keptScreen?: { current(): KeptScreen | null; stylesheet(href: string): ReadStylesheet | null }
}

export async function sendPrimedPage(res: ServerResponse, page: StaticFile, handlers: ChannelHandlers, source: PrimingSource): Promise<void> {
  const { keptScreen } = source
  const html = keptScreen ? withKeptScreen(page.body.toString('utf8'), keptScreen.current(), keptScreen.stylesheet) : page.body.toString('utf8')
  const bodyEnd = html.lastIndexOf('</body>')
  const head = bodyEnd === -1 ? html : html.slice(0, bodyEnd)
  const tail = bodyEnd === -1 ? '' : html.slice(bodyEnd)
  // It holds the person's data and is made for this one page: never kept.
  res.writeHead(200, { 'Content-Type': page.contentType, 'Cache-Control': 'no-store' })
  res.write(head)
  const calls = source.firstCalls.calls()
  if (calls.length > 0) {
    // The number before the answers: a push made while they are made is sent to the page again, never missed.
    const seq = source.pushSeq()
    const primed = await withKeptAnswers(seq, calls, source.keptAnswers, (deadlineMs) => primeAnswers(handlers, calls, deadlineMs))
    if (primed.answers.length > 0) res.write(`<script type="application/json" id="${PRIMED_ANSWERS_ID}">${encodePrimedAnswers(primed)}</script>\n`)
  }
  res.end(tail)
}

/**
 * Core's answers, each call core did not answer in time filled with its kept one (then the page
 * is told to read everything again: `stale`). Answers made now for every call are kept for the
 * next start.
 */
async function withKeptAnswers(
  seq: number,
  calls: readonly FirstCall[],
  kept: KeptAnswers | undefined,
  prime: (deadlineMs: number) => Promise<PrimedAnswer[]>,
): Promise<PrimedAnswers> {
  const allKept = kept !== undefined && keysOf(calls).every((key) => kept.get(key) !== undefined)
  const answers = await prime(allKept ? KEPT_DEADLINE_MS : PRIME_DEADLINE_MS)
  if (kept === undefined) return { seq, answers }
  const missing = unanswered(calls, answers)
  if (missing.length === 0) {
    void kept.keep(answers)
    return { seq, answers }
  }
  const filled = missing.flatMap((key): PrimedAnswer[] => {
    const answer = kept.get(key)
    return answer === undefined ? [] : [[key, answer]]
  })
  return filled.length === 0 ? { seq, answers } : { seq, answers: [...answers, ...filled], stale: true }
}

/** How long a closing shell waits for core's answers to keep for the next start. */
export const CLOSE_DEADLINE_MS = 1_000

/**
 * As the shell closes: core's answers to the first calls now, kept for the next start in place
 * of those of the last page served, which a sync since may have made old. Kept only when core
 * answered every call in time.
 */
export async function keepAnswersAtClose(handlers: ChannelHandlers, source: PrimingSource): Promise<void> {
  const calls = source.firstCalls.calls()
  if (source.keptAnswers === undefined || calls.length === 0) return
  const answers = await primeAnswers(handlers, calls, CLOSE_DEADLINE_MS)
  if (unanswered(calls, answers).length === 0) await source.keptAnswers.keep(answers)
}

/** Each call's key, once. */
function keysOf(calls: readonly FirstCall[]): string[] {
  return [...new Set(calls.map((call) => callKey(call.channel, call.input)))]
}

/** The keys of the calls core gave no answer for (in time, or at all). */
function unanswered(calls: readonly FirstCall[], answers: readonly PrimedAnswer[]): string[] {
  const answered = new Set(answers.map(([key]) => key))
  return keysOf(calls).filter((key) => !answered.has(key))
}

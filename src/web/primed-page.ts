// Sends the app's page with its head start: everything before </body> goes at once, so the
// browser asks for the scripts and styles while core answers the page's first calls
// (primed-answers.ts); the answers follow as a JSON data block, then the page's end. The
// scripts are deferred, so they run only once the whole page (answers included) is in.
import type { ServerResponse } from 'node:http'
import type { ChannelHandlers } from '../shared'
import type { FirstCalls } from '../core/first-screen'
import { primeAnswers } from './primed-answers'
import { encodePrimedAnswers, PRIMED_ANSWERS_ID, type PrimedAnswers } from './protocol'
import type { StaticFile } from './static-files'

export interface PrimingSource {
  readonly firstCalls: FirstCalls
  pushSeq(): number
}

export async function sendPrimedPage(res: ServerResponse, page: StaticFile, handlers: ChannelHandlers, source: PrimingSource): Promise<void> {
  const html = page.body.toString('utf8')
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
    const primed: PrimedAnswers = { seq, answers: await primeAnswers(handlers, calls) }
    if (primed.answers.length > 0) res.write(`<script type="application/json" id="${PRIMED_ANSWERS_ID}">${encodePrimedAnswers(primed)}</script>\n`)
  }
  res.end(tail)
}

// The page's side of the shell's head start (web/primed-page.ts): the answers core made to the
// page's first calls as the shell served it, in the book both shells' pages use
// (shared/first-screen.ts). Each answers its call once, the first time the page makes it, with
// no trip over the socket; every later call (or one that was not primed) goes over the socket
// as ever. The book closes for good once the page is done opening (the person's first key or
// click) or core says data changed (DATA_PUSHES); the pushes sent since the answers were made
// reach the page over its socket (?since=).
import { PrimedAnswerBook as Book } from '../../shared/first-screen'
import { parsePrimedAnswers, PRIMED_ANSWERS_ID, type PrimedAnswers } from '../protocol'

export { DATA_PUSHES } from '../../shared/first-screen'

/** What takePrimedAnswers uses of the document (the bridge's tests run without a DOM). */
export interface PageWithBlocks {
  getElementById(id: string): { textContent: string | null; remove(): void } | null
}

/** The page's primed answers, taken out of the page (nothing else reads them), or null. */
export function takePrimedAnswers(document: PageWithBlocks): PrimedAnswers | null {
  const block = document.getElementById(PRIMED_ANSWERS_ID)
  if (block === null) return null
  block.remove()
  return parsePrimedAnswers(block.textContent ?? '')
}

/** The book of the answers primed into the page, if any. */
export class PrimedAnswerBook extends Book {
  constructor(primed: PrimedAnswers | null) {
    super(primed?.answers ?? [])
  }
}

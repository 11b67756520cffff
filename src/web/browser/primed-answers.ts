// The page's side of the shell's head start (web/primed-page.ts): the answers core made to the
// page's first calls as the shell served it. Each answers its call once, the first time the
// page makes it, with no trip over the socket; every later call (or one that was not primed)
// goes over the socket as ever. They say how things were when the page was served, so they
// are used only while that is still true: the book closes for good once the page is done
// opening (the person's first key or click) or core says data changed (DATA_PUSHES).
import type { PushEvent, Result } from '../../shared'
import { callKey, parsePrimedAnswers, PRIMED_ANSWERS_ID, type PrimedAnswers } from '../protocol'

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

/** Pushes that say what a primed answer said may no longer be so. */
export const DATA_PUSHES: ReadonlySet<PushEvent> = new Set<PushEvent>(['accounts:changed', 'workspace:changed', 'health:changed', 'attention:summary'])

export class PrimedAnswerBook {
  private readonly answers: Map<string, Result<unknown>>

  constructor(primed: PrimedAnswers | null) {
    this.answers = new Map(primed?.answers ?? [])
  }

  /** The primed answer of this call, once; undefined when there is none (left). */
  take(channel: string, input: unknown): Result<unknown> | undefined {
    // Most calls after the first screen: no key is made once the book is empty.
    if (this.answers.size === 0) return undefined
    const key = callKey(channel, input)
    const answer = this.answers.get(key)
    if (answer !== undefined) this.answers.delete(key)
    return answer
  }

  /** No primed answer is used any more (they may be out of date). */
  close(): void {
    this.answers.clear()
  }
}

// Makes a scope's search keys ahead of its first search. Until then a list has none (the first
// rows need no key), and the first keystroke after opening paid for all of them: about 70 ms at
// 50,000 sites, on the thread that answers the window. Once a scope's rows have been answered,
// its lists' keys are made a slice at a time, each slice its own turn of the event loop, so a
// request arriving meanwhile (the page's scripts, its next read) waits at most one slice.
import type { SiteListIndex } from './site-list-index'

/** Keys made per turn: about a millisecond and a half of work on the 2-core development machine. */
export const KEYS_PER_SLICE = 1_000

export type Later = (work: () => void) => void

/** Node's next turn of the event loop, after any I/O already waiting. */
const nextTurn: Later = (work) => void setImmediate(work)

export class SearchWarmer {
  private readonly queued = new Set<SiteListIndex>()
  private running = false

  constructor(
    private readonly later: Later = nextTurn,
    private readonly perSlice = KEYS_PER_SLICE,
  ) {}

  /**
   * Makes these lists' keys ahead, in later turns; a list already made is passed over. The
   * lists of the scope answered last are the ones warmed: a list queued for an earlier answer
   * and not among these is let go (a write replaced it, or the person left that scope; it is
   * warmed again when next answered), so no slice is spent on a list no window is showing.
   */
  warm(lists: readonly SiteListIndex[]): void {
    for (const queued of this.queued) if (!lists.includes(queued)) this.queued.delete(queued)
    for (const list of lists) if (!list.searchReady) this.queued.add(list)
    if (this.queued.size > 0 && !this.running) {
      this.running = true
      this.later(() => this.slice())
    }
  }

  private slice(): void {
    const list = this.queued.values().next().value
    if (list === undefined) {
      this.running = false
      return
    }
    if (list.makeKeysAhead(this.perSlice)) this.queued.delete(list)
    this.later(() => this.slice())
  }
}

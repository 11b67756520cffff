// The search of one scope and one set of other filters, remembering its recent answers: a
// query seen lately is answered from memory (Backspace), and a new one searches the smallest
// remembered answer it narrows ("hote" searches what "hot" found) when that answer is small,
// else the scope's search text (search-text.ts) for its longest word. Answers are rows in row
// order, whatever the sort: the keys are read in the order they lie in memory, and one answer
// serves every sort (sites-query-engine.ts puts it in the sort's order). The answer is always
// the same as a full scan.
import { matchesWords, narrows } from './search-key'
import { passes, type RowCheck } from './row-checks'
import type { ScopeRows } from './scope-rows'

/** How many answers one memory keeps (a query typed and taken back letter by letter fits). */
const REMEMBERED = 32
/**
 * A remembered answer is searched key by key when it holds at most this share of the scope:
 * measured at 50,000 sites, a common word costs about as much key by key over every site as
 * a run along the search text, and a rare word far less along the text.
 */
const NARROW_SHARE = 1 / 2

export class SearchMemory {
  /** Query words joined -> its words and its rows; oldest first. */
  private readonly answers = new Map<string, { words: readonly string[]; rows: Int32Array }>()

  constructor(
    private readonly rows: ScopeRows,
    private readonly checks: readonly RowCheck[],
  ) {}

  /** The rows matching the words and every check, ascending; null when nothing filters (every row). */
  run(words: readonly string[]): Int32Array | null {
    if (words.length === 0 && this.checks.length === 0) return null
    const id = words.join(' ')
    const known = this.answers.get(id)
    if (known) {
      this.answers.delete(id)
      this.answers.set(id, known)
      return known.rows
    }
    let base: Int32Array | null = null
    for (const answer of this.answers.values()) {
      if ((base === null || answer.rows.length < base.length) && narrows(answer.words, words)) base = answer.rows
    }
    // A remembered answer already passed the checks: only the words need checking again.
    const rows = base !== null && base.length <= this.rows.size * NARROW_SHARE ? this.keep(base, words, []) : this.scan(words)
    this.answers.set(id, { words, rows })
    if (this.answers.size > REMEMBERED) this.answers.delete(this.answers.keys().next().value!)
    return rows
  }

  /**
   * Every row of the scope passing the words and the checks: the longest word found along the
   * search text, the rest key by key. A one-letter word is in most keys, near their start:
   * there one `includes` per key is quicker than a run along the text, which stops at each.
   */
  private scan(words: readonly string[]): Int32Array {
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '')
    if (longest.length < 2) return this.keep(this.rows.everyRow(), words, this.checks)
    const others = [...words]
    others.splice(others.indexOf(longest), 1)
    return this.keep(this.rows.rowsWith(longest), others, this.checks)
  }

  /** The rows of `from` whose keys hold every word and that pass the checks. */
  private keep(from: Int32Array, words: readonly string[], checks: readonly RowCheck[]): Int32Array {
    if (words.length === 0 && checks.length === 0) return from
    const keys = words.length > 0 ? this.rows.searchKeys() : null
    const found = new Int32Array(from.length)
    let count = 0
    for (let at = 0; at < from.length; at++) {
      const row = from[at]!
      if (keys !== null && !matchesWords(keys[row]!, words)) continue
      if (checks.length > 0 && !passes(checks, row)) continue
      found[count++] = row
    }
    return found.slice(0, count)
  }
}

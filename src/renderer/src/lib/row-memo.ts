// The last row object answered per key, with its JSON: a row answered again the same (a
// keystroke that keeps it on screen) is handed over as the same object, so what the table
// derived from it (its cells' texts, its link) is kept and nothing of it is drawn again.
import type { RowKey } from '../../../shared/scope'

interface Keyed {
  readonly key: RowKey
}

export class RowMemo<Row extends Keyed> {
  private readonly known = new Map<RowKey, { json: string; row: Row }>()

  /** At most `limit` rows are remembered, the oldest answered going first. */
  constructor(private readonly limit: number) {}

  /** The rows, each the object handed over before when it is the same. */
  same(rows: readonly Row[]): Row[] {
    return rows.map((row) => {
      const json = JSON.stringify(row)
      const held = this.known.get(row.key)
      if (held?.json === json) return held.row
      this.known.delete(row.key)
      this.known.set(row.key, { json, row })
      if (this.known.size > this.limit) this.known.delete(this.known.keys().next().value!)
      return row
    })
  }

  /** Forgets every row (another scope: its rows are never this one's). */
  clear(): void {
    this.known.clear()
  }
}

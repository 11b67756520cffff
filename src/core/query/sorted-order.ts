// A scope's rows in one sort's order, and any set of its rows put in that order: a search
// answer (rows ascending, search-memory.ts) becomes the table's order here. A large set is
// picked out by walking the order once; a small one is sorted by each row's place in it.
export class SortedOrder {
  private places: Int32Array | null = null

  constructor(readonly rows: Int32Array) {}

  /** The rows of `some` (ascending, each once) in this order. */
  arrange(some: Int32Array): Int32Array {
    if (some.length * 16 >= this.rows.length) {
      const chosen = new Uint8Array(this.rows.length)
      for (let at = 0; at < some.length; at++) chosen[some[at]!] = 1
      const arranged = new Int32Array(some.length)
      let count = 0
      for (let at = 0; at < this.rows.length; at++) if (chosen[this.rows[at]!] === 1) arranged[count++] = this.rows[at]!
      return arranged
    }
    const places = this.placesOf()
    return some.slice().sort((x, y) => places[x]! - places[y]!)
  }

  /** Each row's place in the order. */
  private placesOf(): Int32Array {
    if (this.places === null) {
      this.places = new Int32Array(this.rows.length)
      for (let at = 0; at < this.rows.length; at++) this.places[this.rows[at]!] = at
    }
    return this.places
  }
}

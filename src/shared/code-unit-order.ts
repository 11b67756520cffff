// Text in the order of its UTF-16 code units: the same order on every machine and in every
// locale, for ISO times, ids and names where a stable order matters more than a reader's
// alphabet (localeCompare asks the locale's collator, which differs by locale and, in a cold
// window, loads its data first).
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

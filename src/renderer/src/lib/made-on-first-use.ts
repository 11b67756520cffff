// A value made the first time it is asked for. For Intl's formatters and collators above all:
// the first of each kind a cold window makes loads its locale data (a Collator took 34 ms and a
// NumberFormat 16 ms of the 500-site open's module evaluation, on the path to the first rows),
// and most of them are not needed to draw the first screen at all.
export function madeOnFirstUse<T>(make: () => T): () => T {
  let value: T | undefined
  let made = false
  return () => {
    if (!made) {
      value = make()
      made = true
    }
    return value as T
  }
}

// A small seeded PRNG (mulberry32) so that demo data, the monitoring simulation and random
// failures repeat exactly for the same seed; Math.random would make tests flaky.

/** FNV-1a: turns any seed (string or number) plus a stream name into a 32-bit state. */
export function hashSeed(seed: string | number, stream = ''): number {
  const text = `${String(seed)}/${stream}`
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export class SeededRandom {
  private state: number

  constructor(seed: string | number, stream = '') {
    this.state = hashSeed(seed, stream)
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)] as T
  }

  /** Up to `count` distinct items, in their original order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set<number>()
    const wanted = Math.min(count, items.length)
    while (chosen.size < wanted) chosen.add(Math.floor(this.next() * items.length))
    return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T)
  }
}

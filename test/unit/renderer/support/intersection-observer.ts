// jsdom has no IntersectionObserver: a controllable stand-in, for the feeds that load more
// when their end scrolls into view.
import { vi } from 'vitest'

/** Stands in for IntersectionObserver; `reveal()` tells every observer its target is in view. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = []
  readonly targets = new Set<Element>()
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this)
  }
  observe(target: Element): void {
    this.targets.add(target)
  }
  unobserve(target: Element): void {
    this.targets.delete(target)
  }
  disconnect(): void {
    this.targets.clear()
  }
  takeRecords(): IntersectionObserverEntry[] {
    return []
  }
  /** `time`: when the browser measured it; an old time stands for a late, stale entry. */
  static reveal(isIntersecting = true, time = performance.now()): void {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = [...observer.targets].map((target) => ({ target, isIntersecting, time }) as IntersectionObserverEntry)
      if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver)
    }
  }
  static install(): void {
    FakeIntersectionObserver.instances = []
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  }
}

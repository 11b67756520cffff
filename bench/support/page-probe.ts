// What the window-open benchmark runs inside the page, installed before the app's own scripts
// (Playwright's addInitScript): it notes on the page's own clock (ms from navigation start)
// when the first site row is in the DOM and when the frame showing it was painted, the same
// for the app's own first row (the first may be the web shell's kept screen, painted before
// the app runs: it sits in an inert root), types a site's host into the app's search box (it
// matches that site alone) as soon as there is one and notes when that row shows, and from then
// on times each keystroke in the search box.
//
// "Painted" is Element Timing's render time of the row's name, marked (elementtiming) as the row
// comes, before its first paint. A requestAnimationFrame callback alone would say too early or
// too late: it runs at the start of a frame, before that frame's style, layout and paint (about
// 100 ms for the kept screen's first frame on the 2-core machine), and one asked for while a
// frame is being made (rows a ResizeObserver adds) runs a frame late. Both are also before the
// frame is shown: on the 2-core machine the compositor showed the kept screen's first frame about
// 100 ms after the page's main thread had painted it (traced), and render times are when a frame
// was shown. The kept screen's rows got no entry in the web shell's page (a page made to test it
// gives one, also inert: why is not known); its first contentful paint, the kept screen's frame,
// stands in. Where neither came, the first task after the next frame (the keystrokes are timed so).
//
// The function runs in the page, serialized: it may use nothing from this module's scope, and
// no named inner helpers (tsx's transform would wrap them in a __name shim the page lacks).

export interface Keystroke {
  key: string
  /** keydown to the table body's DOM changed; null when the keystroke left the rows as they were. */
  domMs: number | null
  /** keydown to the next frame painted after its work (and after the table's change). */
  frameMs: number | null
}

export interface Probe {
  firstRowAt: number | null
  /** The first row painted (Element Timing), or null when no entry came. */
  firstRowPaintAt: number | null
  /** The first task after the frame after the first row came: stands in for a missing paint entry. */
  firstRowAfterFrameAt: number | null
  /** The page's first contentful paint (the time its frame was shown). */
  firstContentfulPaintAt: number | null
  /** The app's own first row (not the kept screen's), painted, and the task after its frame. */
  firstLiveRowAt: number | null
  firstLiveRowPaintAt: number | null
  firstLiveRowAfterFrameAt: number | null
  /**
   * How long no site row at all was in the page between the first rows and the app's own: the
   * kept screen gone before the app drew its rows (a blank flash a person sees).
   */
  rowsGoneMs: number
  searchableAt: number | null
  /** The first task after the frame after the searched row came (its text changes in a row already painted: no paint entry). */
  searchableFrameAt: number | null
  typedAt: number | null
  keystrokes: Keystroke[]
}

export interface ProbeOptions {
  /** The table's site rows, not its spacers or skeletons. */
  row: string
  search: string
  /** The exact name of the site whose row is awaited. */
  target: string
  /** What is typed into the search box as soon as it is there (the site's host: it matches that site alone). */
  query: string
}

/** The few browser globals the probe uses (bench/ compiles without the DOM library). */
export interface PageElement {
  value: string
  textContent: string | null
  closest(selector: string): PageElement | null
  querySelector(selector: string): PageElement | null
  setAttribute(name: string, value: string): void
  dispatchEvent(event: unknown): boolean
}
export interface PageGlobals {
  __probe?: Probe
  document: {
    querySelector(selector: string): PageElement | null
    querySelectorAll(selector: string): Iterable<PageElement> & { length: number }
    addEventListener(type: string, listener: (event: { key: string; target: unknown }) => void, capture: boolean): void
  }
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void; disconnect(): void }
  Event: new (type: string, init?: object) => unknown
  PerformanceObserver: new (callback: (list: { getEntries(): Array<{ name: string; identifier?: string; renderTime?: number; startTime: number }> }) => void) => {
    observe(options: { type: string; buffered: boolean }): void
  }
  requestAnimationFrame(callback: () => void): number
}

/**
 * The first row painted; else the page's first contentful paint when the row was in the page by
 * then (a page whose first content is the kept screen: that paint shows it); else the task after
 * its frame (see the top of this file).
 */
export function firstRowShownAt(probe: Probe): number | null {
  if (probe.firstRowPaintAt !== null) return probe.firstRowPaintAt
  const contentful = probe.firstContentfulPaintAt
  if (contentful !== null && probe.firstRowAt !== null && contentful >= probe.firstRowAt) return contentful
  return probe.firstRowAfterFrameAt
}

/** The app's own first row painted, else the task after its frame. */
export function firstLiveRowShownAt(probe: Probe): number | null {
  return probe.firstLiveRowPaintAt ?? probe.firstLiveRowAfterFrameAt
}

export function pageProbe({ row, search, target, query }: ProbeOptions): void {
  const w = globalThis as unknown as PageGlobals
  const probe: Probe = {
    firstRowAt: null,
    firstRowPaintAt: null,
    firstRowAfterFrameAt: null,
    firstContentfulPaintAt: null,
    firstLiveRowAt: null,
    firstLiveRowPaintAt: null,
    firstLiveRowAfterFrameAt: null,
    rowsGoneMs: 0,
    searchableAt: null,
    searchableFrameAt: null,
    typedAt: null,
    keystrokes: [],
  }
  w.__probe = probe
  // The render times of the two rows marked below (the web shell's page and the app are one origin).
  // And the page's first contentful paint.
  const paints = new w.PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const at = entry.renderTime || entry.startTime
      if (entry.identifier === 'probe-first-row' && probe.firstRowPaintAt === null) probe.firstRowPaintAt = at
      if (entry.identifier === 'probe-live-row' && probe.firstLiveRowPaintAt === null) probe.firstLiveRowPaintAt = at
      if (entry.name === 'first-contentful-paint') probe.firstContentfulPaintAt = at
    }
  })
  paints.observe({ type: 'element', buffered: true })
  paints.observe({ type: 'paint', buffered: true })
  let typed = false
  let firstMarked = false
  let goneSince: number | null = null
  const observer = new w.MutationObserver(() => {
    const rows = w.document.querySelectorAll(row)
    if (probe.firstRowAt === null && rows.length > 0) {
      probe.firstRowAt = performance.now()
      w.requestAnimationFrame(() => setTimeout(() => (probe.firstRowAfterFrameAt = performance.now()), 0))
    }
    // The name cell (its text's block, what Element Timing times) of the first row: the parser
    // may have put in the row and not yet its cells, so it is looked for again until there.
    if (!firstMarked && rows.length > 0) {
      const cell = Array.from(rows)[0]!.querySelector('.cell-name')
      if (cell) {
        cell.setAttribute('elementtiming', 'probe-first-row')
        firstMarked = true
      }
    }
    // The app's own rows and box: the kept screen's are a picture, inert.
    const live = Array.from(rows).filter((element) => element.closest('[inert]') === null)
    if (probe.firstRowAt !== null && probe.firstLiveRowAt === null) {
      if (rows.length === 0 && goneSince === null) goneSince = performance.now()
      if (rows.length > 0 && goneSince !== null) {
        probe.rowsGoneMs += performance.now() - goneSince
        goneSince = null
      }
    }
    if (probe.firstLiveRowAt === null && live.length > 0) {
      probe.firstLiveRowAt = performance.now()
      ;(live[0]!.querySelector('.cell-name') ?? live[0]!).setAttribute('elementtiming', 'probe-live-row')
      w.requestAnimationFrame(() => setTimeout(() => (probe.firstLiveRowAfterFrameAt = performance.now()), 0))
    }
    const box = w.document.querySelector(search)
    if (!typed && box && box.closest('[inert]') === null && live.length > 0) {
      typed = true
      probe.typedAt = performance.now()
      box.value = query
      box.dispatchEvent(new w.Event('input', { bubbles: true }))
    }
    if (typed && probe.searchableAt === null) {
      for (const element of live) {
        // The name cell exactly: a longer name holding the target ("… 2") must not count.
        const name = element.querySelector('.cell-name') ?? element
        if (name.textContent?.trim() === target) {
          probe.searchableAt = performance.now()
          w.requestAnimationFrame(() => setTimeout(() => (probe.searchableFrameAt = performance.now()), 0))
          // Done: the probe must not weigh on the keystrokes timed next.
          observer.disconnect()
          break
        }
      }
    }
  })
  observer.observe(w.document, { childList: true, subtree: true, characterData: true })

  // Keystrokes, timed as input to next paint: from keydown in the search box to the frame
  // painted after the keystroke's work (a rAF, then a task after that frame); a change of the
  // table's body landing later extends it to the frame after that change. A keystroke's watch
  // ends when the next key goes down, so none is charged with a later one's change.
  let watching: { disconnect(): void } | null = null
  w.document.addEventListener(
    'keydown',
    (event) => {
      if (probe.searchableAt === null || event.target !== w.document.querySelector(search)) return
      watching?.disconnect()
      const entry: Keystroke = { key: event.key, domMs: null, frameMs: null }
      probe.keystrokes.push(entry)
      const start = performance.now()
      w.requestAnimationFrame(() =>
        setTimeout(() => {
          entry.frameMs = Math.max(entry.frameMs ?? 0, performance.now() - start)
        }, 0),
      )
      const body = w.document.querySelector(row.split(' tr')[0]!)
      if (!body) return
      const watch = new w.MutationObserver(() => {
        watch.disconnect()
        entry.domMs = performance.now() - start
        w.requestAnimationFrame(() =>
          setTimeout(() => {
            entry.frameMs = Math.max(entry.frameMs ?? 0, performance.now() - start)
          }, 0),
        )
      })
      watch.observe(body, { childList: true, subtree: true, characterData: true })
      watching = watch
    },
    true,
  )
}

// @vitest-environment jsdom
// The page's side of the kept screen (src/web/browser/screen-keeper.ts) in a DOM: the screen the
// shell painted stays over the app's root until the app shows its view there, or goes at once
// when the address names another view, and an address naming none opens on the screen's view;
// the app's screen is sent once it settles, as the person saw it and without what must not
// outlive the page (a field's text, a toast).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { captureScreen, keepScreens, releaseKeptScreen, restoreKeptStylesheets, withoutEmptyValues, type KeeperAddress, type KeeperTimers } from '../../../src/web/browser/screen-keeper'
import { parseKeepScreenFrame } from '../../../src/web/protocol'
import { THEME_CACHE_KEY } from '../../../src/shared/window-page'

/** Timers run by hand: `due` holds what is set and not cleared, with its delay. */
function manualTimers(): KeeperTimers & { due: Map<number, { callback: () => void; ms: number }>; run(ms?: number): void } {
  const due = new Map<number, { callback: () => void; ms: number }>()
  let next = 1
  return {
    due,
    setTimeout: (callback, ms) => {
      due.set(next, { callback, ms })
      return next++
    },
    clearTimeout: (id) => void due.delete(id),
    /** Runs the timers of this delay (all of them without one). */
    run(ms?: number) {
      for (const [id, timer] of [...due]) {
        if (ms !== undefined && timer.ms !== ms) continue
        due.delete(id)
        timer.callback()
      }
    },
  }
}

const microtasks = () => new Promise<void>((resolve) => queueMicrotask(resolve))

function page(body: string, hash = '#/sites'): void {
  document.head.innerHTML = '<link rel="stylesheet" href="./assets/start-abc.css"><link rel="stylesheet" href="/assets/SitesView-abc.css">'
  document.body.innerHTML = body
  document.documentElement.dataset.theme = 'dark'
  window.location.hash = hash
}

/** The page's address, with what was put in it. */
function address(hash: string): KeeperAddress & { replaced: string[] } {
  const replaced: string[] = []
  return { location: { hash }, history: { state: null, replaceState: (_state, _unused, url) => void replaced.push(url) }, replaced }
}

const KEPT = (route = '/sites') => `<div id="kept-screen" inert aria-hidden="true" data-kept-route="${route}"><table><tr class="site-row"><td>Kept</td></tr></table></div><div id="app"></div>`
const kept = () => document.getElementById('kept-screen')
const WAITS = { viewMs: 2_000, timeoutMs: 15_000 }

afterEach(() => {
  document.body.innerHTML = ''
  delete document.documentElement.dataset.theme
  localStorage.clear()
})

describe('the kept screen at open', () => {
  it('stays over the app’s mount until the app shows its view with nothing loading, then goes', async () => {
    page(KEPT())
    const timers = manualTimers()
    releaseKeptScreen(document, address('#/sites?q=bakery'), timers, WAITS)
    const app = document.getElementById('app')!

    // The app's frame, its view host still empty while the first navigation waits.
    app.innerHTML = '<div class="shell"><main><div data-view-host></div></main></div>'
    await microtasks()
    expect(kept()?.textContent).toBe('Kept')
    // The view, its table still loading.
    app.querySelector('[data-view-host]')!.innerHTML = '<section><table aria-busy="true"></table></section>'
    await microtasks()
    expect(kept()).not.toBeNull()
    // Its rows are in.
    app.querySelector('table')!.removeAttribute('aria-busy')
    await microtasks()
    expect(kept()).toBeNull()
    expect(timers.due.size).toBe(0)
  })

  it('goes at once when the address names another view', () => {
    page(KEPT())
    const bar = address('#/events')
    releaseKeptScreen(document, bar, manualTimers(), WAITS)
    expect(kept()).toBeNull()
    expect(bar.replaced).toEqual([])
  })

  it('opens an address naming no view on the screen’s view, as the window was left', () => {
    for (const hash of ['', '#', '#/']) {
      page(KEPT('/sites/12'))
      const bar = address(hash)
      releaseKeptScreen(document, bar, manualTimers(), WAITS)
      expect(bar.replaced, hash).toEqual(['#/sites/12'])
      expect(kept(), hash).not.toBeNull()
    }
    // The home view needs no address: the router goes there.
    page(KEPT('/overview'))
    const bar = address('')
    releaseKeptScreen(document, bar, manualTimers(), WAITS)
    expect(bar.replaced).toEqual([])
    expect(kept()).not.toBeNull()
  })

  it('goes a while after the mount when the app shows no view, and later when the app never mounts', async () => {
    page(KEPT())
    const timers = manualTimers()
    releaseKeptScreen(document, address('#/sites'), timers, WAITS)
    timers.run(WAITS.viewMs)
    expect(kept()).not.toBeNull()
    document.getElementById('app')!.innerHTML = '<div class="startup-error">Could not start</div>'
    await microtasks()
    timers.run(WAITS.viewMs)
    expect(kept()).toBeNull()
    expect(timers.due.size).toBe(0)

    page(KEPT())
    const never = manualTimers()
    releaseKeptScreen(document, address('#/sites'), never, WAITS)
    never.run(WAITS.timeoutMs)
    expect(kept()).toBeNull()
  })

  it('takes the rules written for the picture away with it once the view shows, and once the page has loaded when it goes at once', async () => {
    const styles = () => document.getElementById('kept-screen-styles')
    page(KEPT())
    document.head.insertAdjacentHTML('afterbegin', '<style id="kept-screen-styles">.site-row{height:34px}</style>')
    // Going at once, before the app runs: the stylesheets may still be on their way (the page is still loading).
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive')
    releaseKeptScreen(document, address('#/events'), manualTimers(), WAITS)
    expect(kept()).toBeNull()
    expect(styles()).not.toBeNull()
    readyState.mockRestore()
    window.dispatchEvent(new Event('load'))
    expect(styles()).toBeNull()

    page(KEPT())
    document.head.insertAdjacentHTML('afterbegin', '<style id="kept-screen-styles">.site-row{height:34px}</style>')
    releaseKeptScreen(document, address('#/sites'), manualTimers(), WAITS)
    document.getElementById('app')!.innerHTML = '<div data-view-host><table></table></div>'
    await microtasks()
    expect(kept()).toBeNull()
    expect(styles()).toBeNull()
  })

  it('gives the stylesheets linked print-only for the picture back to every medium, in their places', () => {
    page(KEPT())
    document.head.innerHTML =
      '<style id="kept-screen-styles"></style><link rel="preload" as="style" href="./assets/start-abc.css">' +
      '<link rel="stylesheet" href="./assets/start-abc.css" media="print" data-kept-media><link rel="stylesheet" href="./assets/print.css" media="print">'
    restoreKeptStylesheets(document)
    expect(document.head.innerHTML).toBe(
      '<style id="kept-screen-styles"></style><link rel="preload" as="style" href="./assets/start-abc.css">' +
        '<link rel="stylesheet" href="./assets/start-abc.css"><link rel="stylesheet" href="./assets/print.css" media="print">',
    )
  })

  it('leaves a page without a kept screen alone', () => {
    page('<div id="app"></div>')
    const timers = manualTimers()
    const bar = address('')
    releaseKeptScreen(document, bar, timers, WAITS)
    expect(timers.due.size).toBe(0)
    expect(bar.replaced).toEqual([])
    expect(document.body.innerHTML).toBe('<div id="app"></div>')
  })
})

describe('the screen sent to keep', () => {
  const APP = `<div id="app"><div class="shell" title="tip">
    <!--v-if-->
    <input type="search" aria-label="Search sites">
    <input type="text" class="url" value="https://typed.example">
    <input type="password" class="token">
    <textarea>notes</textarea>
    <table><tbody><tr class="site-row"><td>Bakery</td></tr></tbody></table>
    <div class="toast" data-not-kept>Site created</div>
  </div></div>`

  beforeEach(() => {
    page(APP)
    localStorage.setItem(THEME_CACHE_KEY, 'dark')
    document.querySelector<HTMLInputElement>('input[type=search]')!.value = 'bak'
    // As an attribute too: a value the page's markup carried must not leave it either.
    document.querySelector<HTMLInputElement>('input.token')!.setAttribute('value', 'secret-token')
    document.querySelector<HTMLInputElement>('input.url')!.value = 'https://typed.example/more'
  })

  it('is the screen as seen: the search box’s text in, no other field’s value, no toast, title, label or comment', () => {
    const screen = captureScreen(document)!
    expect(screen.route).toBe('/sites')
    expect(screen.theme).toBe('dark')
    expect(screen.stylesheets).toEqual(['./assets/start-abc.css', './assets/SitesView-abc.css'])
    expect(screen.html).toContain('<input type="search" value="bak">')
    // What only assistive technology hears is left out: the picture is hidden from it anyway.
    expect(screen.html).not.toContain('aria-label')
    expect(screen.html).toContain('<input type="text" class="url">')
    expect(screen.html).not.toContain('secret-token')
    expect(screen.html).not.toContain('notes')
    expect(screen.html).not.toContain('Site created')
    expect(screen.html).not.toContain('title=')
    expect(screen.html).not.toContain('<!--')
    expect(screen.html).toContain('<tr class="site-row"><td>Bakery</td></tr>')
  })

  it('writes an attribute with no value as its name alone, in tags only, never in text', () => {
    document.querySelector('td')!.insertAdjacentHTML('beforeend', '<span data-v-5a1b2c3d="" class="x">a ="" &lt;b data-v-1=""&gt;c</span>')
    expect(captureScreen(document)!.html).toContain('<span data-v-5a1b2c3d class="x">a ="" &lt;b data-v-1=""&gt;c</span>')
    expect(withoutEmptyValues('<td data-v-02fab4fb="" hidden="" title="a=&quot;&quot;">x=""</td>')).toBe('<td data-v-02fab4fb hidden title="a=&quot;&quot;">x=""</td>')
  })

  it('leaves out what starts below the window’s bottom edge', () => {
    const rows = document.querySelector('tbody')!
    rows.insertAdjacentHTML('beforeend', '<tr class="site-row"><td>Below</td></tr>')
    const below = rows.lastElementChild!
    below.getBoundingClientRect = () => ({ top: window.innerHeight + 10 }) as DOMRect
    const html = captureScreen(document)!.html
    expect(html).toContain('Bakery')
    expect(html).not.toContain('Below')
  })

  it('is not taken while anything loads, while the last one is still shown, on a print page, the welcome screen or while scrolled', () => {
    document.querySelector('table')!.setAttribute('aria-busy', 'true')
    expect(captureScreen(document)).toBeNull()
    document.querySelector('table')!.removeAttribute('aria-busy')
    expect(captureScreen(document, () => true)).toBeNull()
    for (const hash of ['#/reports/print', '#/welcome', '#/', '']) {
      window.location.hash = hash
      expect(captureScreen(document), hash).toBeNull()
    }
    window.location.hash = '#/sites'
    document.body.insertAdjacentHTML('afterbegin', '<div id="kept-screen" data-kept-route="/sites"></div>')
    expect(captureScreen(document)).toBeNull()
  })

  it('names no theme when the person follows the system’s, which may have changed by the next open', () => {
    expect(captureScreen(document)!.theme).toBe('dark')
    localStorage.setItem(THEME_CACHE_KEY, 'system')
    expect(captureScreen(document)!.theme).toBeNull()
  })

  it('is sent once the screen settles, and again only when it changed', async () => {
    const timers = manualTimers()
    const sent: string[] = []
    let reachable = false
    const keeper = keepScreens({ doc: document, send: (frame) => reachable && sent.push(frame) > 0, timers, whenIdle: (run) => run() })
    // Not sent (the bridge is closed): tried again at the next settle.
    timers.run()
    expect(sent).toHaveLength(0)
    reachable = true
    document.querySelector('td')!.className = 'selected'
    await microtasks()
    timers.run()
    expect(sent).toHaveLength(1)
    expect(parseKeepScreenFrame(sent[0]!)?.html).toContain('Bakery')

    // A change that ends as it began sends nothing new.
    document.querySelector('td')!.textContent = 'Bakery 2'
    await microtasks()
    document.querySelector('td')!.textContent = 'Bakery'
    await microtasks()
    timers.run()
    expect(sent).toHaveLength(1)

    document.querySelector('td')!.textContent = 'Bakery on Main'
    await microtasks()
    expect(sent).toHaveLength(1)
    timers.run()
    expect(sent).toHaveLength(2)
    expect(parseKeepScreenFrame(sent[1]!)?.html).toContain('Bakery on Main')

    keeper.stop()
    document.querySelector('td')!.textContent = 'After'
    await microtasks()
    expect(timers.due.size).toBe(0)
  })
})

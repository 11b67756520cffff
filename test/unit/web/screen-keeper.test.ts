// @vitest-environment jsdom
// The page's side of the kept screen (src/web/browser/screen-keeper.ts) in a DOM: the screen the
// shell painted stays until the app's mount replaces it, or goes at once when the address names
// another view; the app's screen is sent once it settles, as the person saw it and without what
// must not outlive the page (a field's text, a toast).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { captureScreen, keepScreens, releaseKeptScreen, type KeeperTimers } from '../../../src/web/browser/screen-keeper'
import { parseKeepScreenFrame } from '../../../src/web/protocol'

/** Timers run by hand: `due` holds what is set and not cleared. */
function manualTimers(): KeeperTimers & { due: Map<number, () => void>; runAll(): void } {
  const due = new Map<number, () => void>()
  let next = 1
  return {
    due,
    setTimeout: (callback) => {
      due.set(next, callback)
      return next++
    },
    clearTimeout: (id) => void due.delete(id),
    runAll() {
      const callbacks = [...due.values()]
      due.clear()
      for (const callback of callbacks) callback()
    },
  }
}

const microtasks = () => new Promise<void>((resolve) => queueMicrotask(resolve))

function page(app: string, hash = '#/sites'): HTMLElement {
  document.head.innerHTML = '<link rel="stylesheet" href="./assets/start-abc.css"><link rel="stylesheet" href="/assets/SitesView-abc.css">'
  document.body.innerHTML = app
  document.documentElement.dataset.theme = 'dark'
  window.location.hash = hash
  return document.getElementById('app')!
}

const KEPT_ROOT = '<div id="app" inert aria-hidden="true" aria-busy="true" data-kept-route="/sites"><table><tr class="site-row"><td>Kept</td></tr></table></div>'

afterEach(() => {
  document.body.innerHTML = ''
  delete document.documentElement.dataset.theme
})

describe('the kept screen at open', () => {
  it('stays until the app mounts, then the root is the app’s: no inert, hidden or busy mark left', async () => {
    const app = page(KEPT_ROOT)
    const timers = manualTimers()
    releaseKeptScreen(document, '#/sites?q=bakery', timers)
    await microtasks()
    expect(app.textContent).toBe('Kept')
    expect(app.hasAttribute('inert')).toBe(true)

    // What Vue's mount does: empty the root, render into it.
    app.textContent = ''
    app.insertAdjacentHTML('beforeend', '<main>The app</main>')
    await microtasks()
    expect(app.textContent).toBe('The app')
    for (const mark of ['inert', 'aria-hidden', 'aria-busy', 'data-kept-route']) expect(app.hasAttribute(mark), mark).toBe(false)
    expect(timers.due.size).toBe(0)
  })

  it('goes at once when the address names another view', () => {
    const app = page(KEPT_ROOT, '#/events')
    releaseKeptScreen(document, '#/events', manualTimers())
    expect(app.childElementCount).toBe(0)
    expect(app.hasAttribute('inert')).toBe(false)
  })

  it('goes when the app has not replaced it in time, rather than pass for a working window', () => {
    const app = page(KEPT_ROOT)
    const timers = manualTimers()
    releaseKeptScreen(document, '', timers)
    timers.runAll()
    expect(app.childElementCount).toBe(0)
    expect(app.hasAttribute('aria-hidden')).toBe(false)
  })

  it('leaves a page without a kept screen alone', () => {
    const app = page('<div id="app"></div>')
    const timers = manualTimers()
    releaseKeptScreen(document, '#/events', timers)
    expect(timers.due.size).toBe(0)
    expect(app.outerHTML).toBe('<div id="app"></div>')
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
    document.querySelector<HTMLInputElement>('input[type=search]')!.value = 'bak'
    document.querySelector<HTMLInputElement>('input.token')!.value = 'secret-token'
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

  it('leaves out what starts below the window’s bottom edge', () => {
    const rows = document.querySelector('tbody')!
    rows.insertAdjacentHTML('beforeend', '<tr class="site-row"><td>Below</td></tr>')
    const below = rows.lastElementChild!
    below.getBoundingClientRect = () => ({ top: window.innerHeight + 10 }) as DOMRect
    const html = captureScreen(document)!.html
    expect(html).toContain('Bakery')
    expect(html).not.toContain('Below')
  })

  it('is not taken while anything loads, while the app is not in the root yet, on a print page or while scrolled', () => {
    document.querySelector('table')!.setAttribute('aria-busy', 'true')
    expect(captureScreen(document)).toBeNull()
    document.querySelector('table')!.removeAttribute('aria-busy')
    expect(captureScreen(document, () => true)).toBeNull()
    window.location.hash = '#/reports/print'
    expect(captureScreen(document)).toBeNull()
    window.location.hash = '#/sites'
    document.getElementById('app')!.setAttribute('data-kept-route', '/sites')
    expect(captureScreen(document)).toBeNull()
  })

  it('is sent once the screen settles, and again only when it changed', async () => {
    const timers = manualTimers()
    const sent: string[] = []
    const keeper = keepScreens({ doc: document, send: (frame) => sent.push(frame), timers, whenIdle: (run) => run() })
    timers.runAll()
    expect(sent).toHaveLength(1)
    expect(parseKeepScreenFrame(sent[0]!)?.html).toContain('Bakery')

    // A change that ends as it began sends nothing new.
    document.querySelector('td')!.textContent = 'Bakery 2'
    await microtasks()
    document.querySelector('td')!.textContent = 'Bakery'
    await microtasks()
    timers.runAll()
    expect(sent).toHaveLength(1)

    document.querySelector('td')!.textContent = 'Bakery on Main'
    await microtasks()
    expect(sent).toHaveLength(1)
    timers.runAll()
    expect(sent).toHaveLength(2)
    expect(parseKeepScreenFrame(sent[1]!)?.html).toContain('Bakery on Main')

    keeper.stop()
    document.querySelector('td')!.textContent = 'After'
    await microtasks()
    expect(timers.due.size).toBe(0)
  })
})

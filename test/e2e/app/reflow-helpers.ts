// What the reflow specs (WCAG 1.4.10) share: the two sizes, and the checks that nothing reaches
// past the window's right edge, that nothing is cut short without its whole text on hover, and
// that a control focused is on screen whole and on top.
import { expect } from '../support/fixtures'
import type { Locator, Page } from '@playwright/test'

export const SIZES = [
  { name: '320 px wide', viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
  { name: '200 % zoom', viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
] as const

/**
 * What reaches past the window's right edge, or makes the page wider than the window: each as
 * "tag.class "text"". Inside the site table's own scroller is allowed (it scrolls sideways);
 * text cut with an ellipsis inside its box does not reach past it.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type El = {
      tagName: string
      className: unknown
      textContent: string | null
      closest(selector: string): El | null
      getBoundingClientRect(): { left: number; right: number; width: number; height: number }
      checkVisibility(): boolean
    }
    const browser = globalThis as unknown as {
      innerWidth: number
      document: { documentElement: { scrollWidth: number; clientWidth: number }; querySelectorAll(s: string): El[] }
    }
    const width = browser.innerWidth
    const found: string[] = []
    const root = browser.document.documentElement
    if (root.scrollWidth > root.clientWidth) found.push(`the page is ${root.scrollWidth - root.clientWidth} px wider than the window`)
    for (const element of browser.document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1 || !element.checkVisibility()) continue
      if (element.closest('.scroller') || element.closest('.sr-only')) continue
      if (box.right > width + 1 || box.left < -1) {
        found.push(`${element.tagName.toLowerCase()}.${String(element.className)} "${(element.textContent ?? '').trim().slice(0, 30)}" (${Math.round(box.left)}..${Math.round(box.right)} of ${width})`)
      }
    }
    return found
  })
}

/**
 * Text cut short (its box narrower than its text) without a title that holds it whole (or says
 * more), among the elements `scope` selects: the view and the sidebar unless told (a dialog is
 * in a portal, outside both).
 */
export function cutWithoutTitle(page: Page, scope = 'main *, aside *'): Promise<string[]> {
  return page.evaluate((scope) => {
    type El = {
      scrollWidth: number
      clientWidth: number
      textContent: string | null
      closest(selector: string): El | null
      querySelectorAll(selector: string): El[]
      getAttribute(name: string): string | null
      checkVisibility(): boolean
      cloneNode(deep: boolean): unknown
      remove(): void
    }
    const browser = globalThis as unknown as {
      document: { querySelectorAll(s: string): El[] }
      getComputedStyle(e: El): { textOverflow: string; overflowX: string }
    }
    const found: string[] = []
    for (const element of browser.document.querySelectorAll(scope)) {
      const style = browser.getComputedStyle(element)
      if (style.textOverflow !== 'ellipsis' || element.scrollWidth <= element.clientWidth || !element.checkVisibility()) continue
      const text = (element.textContent ?? '').trim()
      if (text === '') continue
      // The title may be on the box that cuts, around it, or on what it holds: a table cell's
      // link, or several badges each with its own title (then nothing may be left untitled).
      const titled = [...element.querySelectorAll('[title]')]
      const titles = [element.closest('[title]'), ...titled].map((e) => e?.getAttribute('title') ?? '')
      const untitled = element.cloneNode(true) as El
      for (const part of untitled.querySelectorAll('[title]')) part.remove()
      const rest = (untitled.textContent ?? '').replace(/[\s()+·,;:.-]/g, '')
      // A title holds the whole text, or says more than it (a health finding's full reasons).
      const whole = titles.some((title) => title.includes(text) || title.length >= text.length)
      if (!whole && !(titled.length > 0 && rest === '')) found.push(`"${text}"`)
    }
    return found
  }, scope)
}

/** Nothing past the right edge, and nothing cut short without its whole text on hover (in `scope`, as cutWithoutTitle). */
export async function expectReflows(page: Page, state: string, scope?: string): Promise<void> {
  await expect.poll(() => overflowing(page), { message: `nothing past the right edge on ${state}` }).toEqual([])
  expect(await cutWithoutTitle(page, scope), `names cut short without their whole text on hover, on ${state}`).toEqual([])
}

/**
 * How far a box reaches past what shows of it, in CSS px, the most on any side: past the window,
 * or past an ancestor that clips what it holds (its box inside its borders), up to the first
 * one placed on the window (a dialog).
 */
function cutBy(control: Locator): Promise<number> {
  return control.evaluate((element) => {
    type Box = { left: number; top: number; right: number; bottom: number }
    type El = { parentElement: El | null; clientLeft: number; clientTop: number; clientWidth: number; clientHeight: number; getBoundingClientRect(): Box }
    const browser = globalThis as unknown as { innerWidth: number; innerHeight: number; getComputedStyle(e: El): { overflowX: string; overflowY: string; position: string } }
    const self = element as unknown as El
    const box = self.getBoundingClientRect()
    const shown = { left: 0, top: 0, right: browser.innerWidth, bottom: browser.innerHeight }
    for (let around = self.parentElement; around; around = around.parentElement) {
      const style = browser.getComputedStyle(around)
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        const outer = around.getBoundingClientRect()
        const left = outer.left + around.clientLeft
        const top = outer.top + around.clientTop
        shown.left = Math.max(shown.left, left)
        shown.top = Math.max(shown.top, top)
        shown.right = Math.min(shown.right, left + around.clientWidth)
        shown.bottom = Math.min(shown.bottom, top + around.clientHeight)
      }
      if (style.position === 'fixed') break
    }
    return Math.max(0, shown.left - box.left, shown.top - box.top, box.right - shown.right, box.bottom - shown.bottom)
  })
}

/**
 * Focused, the control is on screen whole: not past an edge, not under anything. `slackPx`: by
 * how much it may still be cut, for a control in a dialog that scrolls (Chrome scrolls a focused
 * control to the dialog's outer edge, under its 1 px border, and layout has fractions of a pixel).
 */
export async function expectReachable(control: Locator, what: string, slackPx = 0): Promise<void> {
  // A Refresh button is disabled while its sync runs.
  await expect(control, `${what} can be used`).toBeEnabled()
  await control.focus()
  await expect(control, `${what} has the focus`).toBeFocused()
  if (slackPx === 0) await expect(control, `${what} is on screen whole when focused`).toBeInViewport({ ratio: 1 })
  else await expect.poll(() => cutBy(control), { message: `${what} is on screen whole when focused (px cut off)` }).toBeLessThanOrEqual(slackPx)
  const onTop = await control.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const doc = element.ownerDocument as unknown as { elementFromPoint(x: number, y: number): unknown }
    const hit = doc.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return hit === element || element.contains(hit as typeof element)
  })
  expect(onTop, `${what} is not covered by anything`).toBe(true)
}

/**
 * Inside this box (a dialog): what reaches past its left or right edge, and what scrolls or is
 * cut sideways in it (its box narrower than what it holds), each as "tag.class "text"". A
 * dialog that scrolls down is fine; one that hides a part of a line is not.
 */
export function sidewaysInside(box: Locator): Promise<string[]> {
  return box.evaluate((root) => {
    type El = {
      tagName: string
      className: unknown
      textContent: string | null
      scrollWidth: number
      clientWidth: number
      getBoundingClientRect(): { left: number; right: number; width: number; height: number }
      checkVisibility(): boolean
      querySelectorAll(selector: string): El[]
    }
    const browser = globalThis as unknown as { getComputedStyle(e: El): { overflowX: string } }
    const self = root as unknown as El
    const edge = self.getBoundingClientRect()
    const name = (element: El) => `${element.tagName.toLowerCase()}.${String(element.className)} "${(element.textContent ?? '').trim().slice(0, 30)}"`
    const found: string[] = []
    for (const element of [self, ...self.querySelectorAll('*')]) {
      const box = element.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1 || !element.checkVisibility()) continue
      if (box.left < edge.left - 1 || box.right > edge.right + 1) found.push(`${name(element)} (${Math.round(box.left)}..${Math.round(box.right)} of ${Math.round(edge.left)}..${Math.round(edge.right)})`)
      if (browser.getComputedStyle(element).overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${name(element)} is ${element.scrollWidth - element.clientWidth} px narrower than what it holds`)
      }
    }
    return found
  })
}

// expect(element).toBeVisible(): the element is in the document and nothing hides it from the
// person — no `hidden` attribute, no display: none, visibility: hidden or collapse, no closed
// <details> — on it or on any ancestor. The same rule as jest-dom's matcher of that name, which
// this project does not install; registered for the renderer tests in vitest.config.ts.
// A getBy… query already fails when the element is missing, so `toBeTruthy()` after it asserts
// nothing more; this says what the person sees.
import { expect } from 'vitest'

function hiddenBy(element: Element): string | null {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.hasAttribute('hidden')) return `${describe(node)} has the hidden attribute`
    const style = node.ownerDocument.defaultView?.getComputedStyle(node)
    if (style?.display === 'none') return `${describe(node)} has display: none`
    if (style?.visibility === 'hidden' || style?.visibility === 'collapse') return `${describe(node)} has visibility: ${style.visibility}`
    const parent = node.parentElement
    if (parent instanceof HTMLDetailsElement && !parent.open && node.tagName !== 'SUMMARY') return `${describe(parent)} is closed`
  }
  return null
}

function describe(element: Element): string {
  return element === element.ownerDocument.documentElement ? 'the document' : `<${element.tagName.toLowerCase()}>`
}

expect.extend({
  toBeVisible(received: unknown) {
    if (!(received instanceof Element)) {
      return { pass: false, message: () => `expected an element to be visible, received ${String(received)}` }
    }
    if (!received.isConnected) {
      return { pass: false, message: () => `expected ${describe(received)} to be visible, but it is not in the document` }
    }
    const reason = hiddenBy(received)
    return {
      pass: reason === null,
      message: () =>
        reason === null ? `expected ${describe(received)} not to be visible, but it is` : `expected ${describe(received)} to be visible, but ${reason}`,
    }
  },
})

declare module 'vitest' {
  // The type parameter must read exactly as vitest declares it for the interfaces to merge.
  interface Matchers<T = any> {
    /** The element is in the document and neither it nor an ancestor is hidden. */
    toBeVisible(): T
  }
}

// The toBeVisible matcher the renderer tests use (support/to-be-visible.ts): what hides an
// element from the person, and that a missing element is never "visible".
import { afterEach, describe, expect, it } from 'vitest'

afterEach(() => {
  document.body.innerHTML = ''
})

function place(html: string): HTMLElement {
  document.body.innerHTML = html
  return document.getElementById('target')!
}

describe('toBeVisible', () => {
  it('passes for an element in the document that nothing hides', () => {
    expect(place('<main><p id="target">Hello</p></main>')).toBeVisible()
    expect(place('<details open><summary>More</summary><p id="target">Text</p></details>')).toBeVisible()
    expect(place('<details><summary id="target">More</summary><p>Text</p></details>')).toBeVisible()
  })

  it('fails when the element or an ancestor is hidden', () => {
    expect(place('<p id="target" hidden>Hello</p>')).not.toBeVisible()
    expect(place('<div style="display: none"><p id="target">Hello</p></div>')).not.toBeVisible()
    expect(place('<div style="visibility: hidden"><p id="target">Hello</p></div>')).not.toBeVisible()
    expect(place('<details><summary>More</summary><p id="target">Text</p></details>')).not.toBeVisible()
  })

  it('fails for an element outside the document and for no element, saying why', () => {
    expect(document.createElement('p')).not.toBeVisible()
    expect(null).not.toBeVisible()
    expect(() => expect(place('<div hidden><p id="target">Hi</p></div>')).toBeVisible()).toThrow('expected <p> to be visible, but <div> has the hidden attribute')
    expect(() => expect(undefined).toBeVisible()).toThrow('expected an element to be visible, received undefined')
  })
})

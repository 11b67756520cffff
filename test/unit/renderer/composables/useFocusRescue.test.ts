// useFocusRescue: when the focused control is removed and nothing takes the focus back (a
// dialog or menu gives it to its opener itself), the focus goes to the view's heading instead
// of the page; focus left for nothing by a click, or held by an open dialog, is not touched.
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { useFocusRescue } from '../../../../src/renderer/src/composables/useFocusRescue'
import { mountInBody, unmountAll } from '../support/mount'

afterEach(unmountAll)

const showRow = ref(true)
const showDialog = ref(false)

function mountView() {
  showRow.value = true
  showDialog.value = false
  const View = defineComponent({
    setup() {
      const heading = ref<HTMLElement | null>(null)
      useFocusRescue(() => heading.value)
      return () =>
        h('main', [
          h('h1', { key: 'h', ref: heading }, 'Sites'),
          showRow.value ? h('button', { key: 'delete', type: 'button' }, 'Delete Alpha shop') : null,
          h('button', { key: 'refresh', type: 'button' }, 'Refresh'),
          showDialog.value ? h('div', { key: 'dialog', role: 'dialog', 'aria-label': 'Confirm' }, 'Sure?') : null,
        ])
    },
  })
  mountInBody(View)
}

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement

describe('useFocusRescue', () => {
  it('puts the focus on the heading when the focused control disappears', async () => {
    mountView()
    button('Delete Alpha shop').focus()
    showRow.value = false
    await nextTick()
    expect(document.activeElement).toBe(document.body)
    await expect.poll(() => document.activeElement?.textContent).toBe('Sites')
    expect(document.querySelector('h1')!.getAttribute('tabindex')).toBe('-1')
  })

  it('leaves focus given back by a dialog or menu in the meantime', async () => {
    mountView()
    button('Delete Alpha shop').focus()
    showRow.value = false
    await nextTick()
    // As reka-ui does on close: the opener gets the focus back in a task of its own.
    button('Refresh').focus()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(document.activeElement).toBe(button('Refresh'))
  })

  it('does not act on focus left by a click on nothing: the control is still there', async () => {
    mountView()
    button('Refresh').focus()
    button('Refresh').blur()
    showDialog.value = true
    await nextTick()
    showDialog.value = false
    await nextTick()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(document.activeElement).toBe(document.body)
  })

  it('leaves the focus to an open dialog', async () => {
    mountView()
    button('Delete Alpha shop').focus()
    showDialog.value = true
    showRow.value = false
    await nextTick()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(document.activeElement).toBe(document.body)
  })
})

// The confirmation before something cannot be undone: while its request runs, nothing but
// the answer may close it (a failure must stay visible).
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import { screen, within } from '@testing-library/dom'
import ConfirmDialog from '../../../../../src/renderer/src/components/common/ConfirmDialog.vue'
import { flushPromises } from '@vue/test-utils'
import { mountInBody, person, unmountAll } from '../../support/mount'

afterEach(unmountAll)

function mountDialog(busy: boolean) {
  const open = ref(true)
  const Host = defineComponent({
    setup: () => () =>
      h(ConfirmDialog, {
        open: open.value,
        'onUpdate:open': (value: boolean) => (open.value = value),
        title: 'Delete “Shop”?',
        description: 'This cannot be undone.',
        confirmLabel: 'Delete site',
        busy,
      }),
  })
  mountInBody(Host)
  return open
}

describe('ConfirmDialog', () => {
  it('cannot be closed with Esc while its request runs', async () => {
    const open = mountDialog(true)
    await flushPromises()
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Shop”?' })
    expect(within(dialog).getByRole('button', { name: 'Working…' })).toBeVisible()
    await person().keyboard('{Escape}')
    await flushPromises()
    expect(open.value).toBe(true)
    expect(screen.getByRole('alertdialog', { name: 'Delete “Shop”?' })).toBeVisible()
  })

  it('closes with Esc when nothing is under way', async () => {
    const open = mountDialog(false)
    await flushPromises()
    screen.getByRole('alertdialog', { name: 'Delete “Shop”?' })
    await person().keyboard('{Escape}')
    await flushPromises()
    expect(open.value).toBe(false)
  })
})

// A view's search box: a named searchbox with its tooltip and the key that focuses it; every
// keystroke searches, or with a delay the search follows when typing pauses or on Enter; Escape
// empties a box with text without going further; a search set from outside replaces the text;
// focus() selects the text so typing replaces it.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { screen } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import SearchField from '../../../../../src/renderer/src/components/common/SearchField.vue'
import { mountInBody, unmountAll } from '../../support/mount'

afterEach(() => {
  unmountAll()
  vi.useRealTimers()
})

function mountSearch(props: { delayMs?: number; shortcut?: string } = {}) {
  const search = ref('')
  const escapesBeyond = ref(0)
  const field = ref<InstanceType<typeof SearchField> | null>(null)
  const Host = defineComponent({
    setup: () => () =>
      h('div', { onKeydown: (e: KeyboardEvent) => e.key === 'Escape' && escapesBeyond.value++ }, [
        h(SearchField, {
          ref: field,
          id: 'site-search',
          label: 'Search sites',
          placeholder: 'Search all columns',
          title: 'Names and addresses',
          modelValue: search.value,
          'onUpdate:modelValue': (value: string) => (search.value = value),
          ...props,
        }),
      ]),
  })
  mountInBody(Host)
  return { search, escapesBeyond, field, box: () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search sites' }) }
}

describe('SearchField', () => {
  it('is a named searchbox with its tooltip, showing the key that focuses it', () => {
    const { box } = mountSearch({ shortcut: 'Ctrl+K' })
    expect(box().placeholder).toBe('Search all columns')
    expect(box().title).toBe('Names and addresses')
    expect(box().parentElement?.querySelector('.kbd')?.textContent).toBe('Ctrl+K')
  })

  it('searches at every keystroke without a delay', async () => {
    const { search, box } = mountSearch()
    await userEvent.setup().type(box(), 'shop')
    expect(search.value).toBe('shop')
  })

  it('with a delay, shows what is typed at once and searches when typing pauses, or at once on Enter', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const { search, box } = mountSearch({ delayMs: 150 })
    await user.type(box(), 'woo')
    expect(box().value).toBe('woo')
    expect(search.value).toBe('')
    vi.advanceTimersByTime(150)
    expect(search.value).toBe('woo')
    await user.type(box(), 'commerce{Enter}')
    expect(search.value).toBe('woocommerce')
  })

  it('empties a box with text on Escape and keeps that Escape to itself; an empty box lets it through', async () => {
    const user = userEvent.setup()
    const { search, escapesBeyond, box } = mountSearch()
    await user.type(box(), 'shop')
    await user.keyboard('{Escape}')
    expect(search.value).toBe('')
    expect(box().value).toBe('')
    expect(escapesBeyond.value).toBe(0)
    await user.keyboard('{Escape}')
    expect(escapesBeyond.value).toBe(1)
  })

  it('shows a search set from outside, dropping a pending one, and focus() selects the text', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const { search, field, box } = mountSearch({ delayMs: 150 })
    await user.type(box(), 'half')
    search.value = 'blog'
    await nextTick()
    expect(box().value).toBe('blog')
    vi.advanceTimersByTime(150)
    expect(search.value).toBe('blog')

    box().blur()
    field.value!.focus()
    expect(document.activeElement).toBe(box())
    expect([box().selectionStart, box().selectionEnd]).toEqual([0, 4])
  })
})

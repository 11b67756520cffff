// useViewFocus: a move to another view puts the focus on its heading and says its name in the
// live region; a change of the same view's address leaves the focus where the person is
// typing; a view that placed the focus itself keeps it; a heading drawn late is waited for;
// a view with no heading gives the focus to the region instead.
/* eslint-disable vue/one-component-per-file -- tiny views and a shell for the test, not components to split out */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, onMounted, ref } from 'vue'
import { flushPromises } from '@vue/test-utils'
import { RouterView, createMemoryHistory, createRouter } from 'vue-router'
import { useViewFocus } from '../../../../src/renderer/src/composables/useViewFocus'
import { mountInBody, unmountAll } from '../support/mount'

afterEach(unmountAll)

const titled = (title: string) => defineComponent({ render: () => h('section', [h('h1', title), h('input', { 'aria-label': `${title} search` })]) })
const showLate = ref(false)
const Late = defineComponent({ render: () => h('section', showLate.value ? [h('h1', 'Late site')] : [h('p', 'Loading…')]) })
const NoHeading = defineComponent({ render: () => h('p', 'Nothing titled here') })
const FocusesItsField = defineComponent({
  setup() {
    const field = ref<HTMLInputElement | null>(null)
    onMounted(() => field.value?.focus())
    return () => h('section', [h('h1', 'Search'), h('input', { ref: field, 'aria-label': 'Find' })])
  },
})

async function mountShell(path = '/alpha') {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/alpha', name: 'alpha', component: titled('Alpha') },
      { path: '/beta', name: 'beta', component: titled('Beta') },
      { path: '/late', name: 'late', component: Late },
      { path: '/none', name: 'none', component: NoHeading },
      { path: '/search', name: 'search', component: FocusesItsField },
    ],
  })
  const Shell = defineComponent({
    setup() {
      const host = ref<HTMLElement | null>(null)
      const main = ref<HTMLElement | null>(null)
      const { announcement } = useViewFocus(
        () => host.value,
        () => main.value,
      )
      return () => [
        h('nav', [h('button', { type: 'button' }, 'Sidebar link')]),
        h('main', { ref: main, tabindex: '-1', 'aria-label': 'Content' }, [h('div', { ref: host }, [h(RouterView)])]),
        h('p', { role: 'status' }, announcement.value),
      ]
    },
  })
  await router.push(path)
  await router.isReady()
  mountInBody(Shell, { global: { plugins: [router] } })
  await flushPromises()
  return router
}

const sidebarLink = () => document.querySelector('nav button') as HTMLButtonElement
const heading = () => document.querySelector('h1') as HTMLElement
const status = () => document.querySelector('[role="status"]')!.textContent

describe('useViewFocus', () => {
  it('leaves the first view alone: the app has just opened', async () => {
    await mountShell()
    await flushPromises()
    expect(document.activeElement).toBe(document.body)
    expect(status()).toBe('')
  })

  it('focuses the new view’s heading and announces its name', async () => {
    const router = await mountShell()
    sidebarLink().focus()
    await router.push('/beta')
    await expect.poll(() => document.activeElement?.textContent).toBe('Beta')
    expect(heading().getAttribute('tabindex')).toBe('-1')
    await expect.poll(status).toBe('Beta')
  })

  it('leaves the focus in the field when only the view’s address changes (a filter)', async () => {
    const router = await mountShell()
    await router.push('/beta')
    await expect.poll(status).toBe('Beta')
    const field = document.querySelector('input') as HTMLInputElement
    field.focus()
    await router.push('/beta?q=shop')
    await flushPromises()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(document.activeElement).toBe(field)
  })

  it('keeps the focus a view placed itself (a search focused on arrival)', async () => {
    const router = await mountShell()
    sidebarLink().focus()
    await router.push('/search')
    await expect.poll(status).toBe('Search')
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Find')
  })

  it('waits for a heading the view draws once its data is there', async () => {
    showLate.value = false
    const router = await mountShell()
    sidebarLink().focus()
    await router.push('/late')
    await flushPromises()
    expect(document.activeElement).toBe(sidebarLink())
    showLate.value = true
    await expect.poll(() => document.activeElement?.textContent).toBe('Late site')
    await expect.poll(status).toBe('Late site')
  })

  /** A move to a view that draws its heading late, the person focusing a saved view meanwhile (after `wait`). */
  async function focusElsewhereWhileDrawing(wait: () => Promise<unknown>): Promise<void> {
    showLate.value = false
    const router = await mountShell()
    sidebarLink().focus()
    await router.push('/late')
    await wait()
    const elsewhere = document.createElement('button')
    elsewhere.textContent = 'Saved view'
    document.body.append(elsewhere)
    try {
      elsewhere.focus()
      showLate.value = true
      await expect.poll(status).toBe('Late site')
      expect(document.activeElement).toBe(elsewhere)
    } finally {
      elsewhere.remove()
    }
  }

  it('leaves the focus where the person moved it while the view was still drawing', async () => {
    // One task later, as any key press comes: the view's own settling task (queued first by the
    // navigation) has run and is waiting for the heading.
    await focusElsewhereWhileDrawing(async () => {
      await flushPromises()
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  })

  it('leaves the focus where the person moved it even before the view’s settling task ran', async () => {
    // No task in between: a saved view focused at once (a fast page, a quick hand) is the person's choice too.
    await focusElsewhereWhileDrawing(async () => {})
  })

  it('gives the focus to the region when the view has no heading', async () => {
    const router = await mountShell()
    vi.useFakeTimers()
    try {
      sidebarLink().focus()
      await router.push('/none')
      await vi.advanceTimersByTimeAsync(2000)
      expect(document.activeElement).toBe(sidebarLink())
      await vi.advanceTimersByTimeAsync(1100)
      expect(document.activeElement?.tagName).toBe('MAIN')
      expect(status()).toBe('none')
    } finally {
      vi.useRealTimers()
    }
  })
})

// The notification choices (sync and health): one described checkbox a cause, disabled until
// the saved choices are known, each click saved as the whole set, the click shown while it is
// saved, and a refused save putting the box back as saved with a toast saying why.
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { createPinia, setActivePinia } from 'pinia'
import type { Result } from '../../../../../src/shared'
import NotifyChoices from '../../../../../src/renderer/src/components/settings/NotifyChoices.vue'
import { useToastsStore } from '../../../../../src/renderer/src/stores/toasts'
import { mountInBody, unmountAll } from '../../support/mount'

afterEach(unmountAll)

type Choices = Record<'down' | 'recovered', boolean>
const CAUSES = [
  { key: 'down', label: 'A site goes down', hint: 'After two failed checks' },
  { key: 'recovered', label: 'A site is back up', hint: 'With how long it was down' },
] as const

function mountChoices(saved: Choices | null, answer: (next: Choices) => Result<unknown>) {
  const pinia = createPinia()
  setActivePinia(pinia)
  const sent: Choices[] = []
  const wrapper = mountInBody(NotifyChoices, {
    props: {
      legend: 'Notify me when',
      hint: 'At most one a round.',
      causes: CAUSES,
      idPrefix: 'health-notify',
      saved,
      save: async (next: Choices) => {
        sent.push(next)
        return answer(next)
      },
      failure: 'Could not save',
    },
    global: { plugins: [pinia] },
  })
  return { wrapper, sent, toasts: useToastsStore(pinia), user: userEvent.setup() }
}

const box = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement

describe('NotifyChoices', () => {
  it('is a group of described boxes, disabled until the saved choices are known', async () => {
    const { wrapper } = mountChoices(null, () => ({ ok: true, value: null }))
    expect(screen.getByRole('group', { name: 'Notify me when' }).textContent).toContain('At most one a round.')
    expect(box(/A site goes down/).matches(':disabled')).toBe(true)
    expect(box(/A site goes down/).getAttribute('aria-describedby')).toBe('health-notify-hint-down')
    expect(document.getElementById('health-notify-hint-down')?.textContent).toBe('After two failed checks')
    await wrapper.setProps({ saved: { down: true, recovered: false } })
    expect(box(/A site goes down/).matches(':disabled')).toBe(false)
    expect(box(/A site goes down/).checked).toBe(true)
    expect(box(/A site is back up/).checked).toBe(false)
  })

  it('saves the whole set on each click', async () => {
    const { sent, user } = mountChoices({ down: true, recovered: false }, () => ({ ok: true, value: null }))
    await user.click(box(/A site is back up/))
    await flushPromises()
    expect(sent).toEqual([{ down: true, recovered: true }])
    expect(box(/A site is back up/).checked).toBe(true)
  })

  it('puts the box back as saved and says why when the save is refused', async () => {
    const { toasts, user } = mountChoices({ down: true, recovered: false }, () => ({ ok: false, error: { code: 'internal', message: 'The disk is full.' } }))
    await user.click(box(/A site goes down/))
    await flushPromises()
    expect(box(/A site goes down/).checked).toBe(true)
    expect(toasts.toasts.map((t) => t.message)).toEqual(['Could not save: The disk is full.'])
  })
})

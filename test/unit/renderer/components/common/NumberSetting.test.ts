// One numeric setting's field with its state (useNumberSetting): labelled with its hint, the
// saved value shown once known and followed unless the person is editing, the check's message
// on the field (aria-invalid, described by it) with the typed text kept, a valid number given
// to the form to commit, core's refusal on the field, and typing again clearing the message.
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { screen } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import NumberSetting from '../../../../../src/renderer/src/components/common/NumberSetting.vue'
import { useNumberSetting, type NumberSettingState } from '../../../../../src/renderer/src/composables/useNumberSetting'
import type { WholeNumberRule } from '../../../../../src/renderer/src/lib/whole-number'
import { mountInBody, unmountAll } from '../../support/mount'

afterEach(unmountAll)

const RULE: WholeNumberRule = { min: 1, max: 90, unit: 'days', example: 14 }

function mountField(initial: number | undefined) {
  const saved = ref(initial)
  const inputs = ref(0)
  let state!: NumberSettingState
  const Host = defineComponent({
    setup() {
      state = useNumberSetting(() => saved.value, RULE)
      return () =>
        h(NumberSetting, { id: 'warn', label: 'Warn before (days)', hint: 'From 1 to 90.', setting: state, onInput: () => inputs.value++ })
    },
  })
  mountInBody(Host)
  const field = screen.getByLabelText('Warn before (days)') as HTMLInputElement
  return { saved, inputs, state, field, user: userEvent.setup() }
}

const describedText = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')

describe('NumberSetting', () => {
  it('is a labelled numeric text field described by its hint, showing the saved value once known', async () => {
    const { saved, field, state } = mountField(undefined)
    expect(field.value).toBe('')
    expect(field.getAttribute('inputmode')).toBe('numeric')
    expect(describedText(field)).toBe('From 1 to 90.')
    saved.value = 14
    await nextTick()
    expect(field.value).toBe('14')
    expect(state.dirty).toBe(false)
  })

  it('shows why the text is no number to save, keeps the text, and clears the message when the person types', async () => {
    const { field, state, inputs, user } = mountField(14)
    await user.clear(field)
    await user.type(field, '2.5')
    expect(inputs.value).toBeGreaterThan(0)
    expect(state.check()).toBeNull()
    await nextTick()
    expect(field.value).toBe('2.5')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(describedText(field)).toBe('Enter a whole number of days, like 14.')

    await user.clear(field)
    expect(field.getAttribute('aria-invalid')).toBeNull()
    expect(state.check()).toBeNull()
    await nextTick()
    expect(describedText(field)).toBe('Enter a number of days.')

    await user.type(field, '91')
    expect(state.check()).toBeNull()
    await nextTick()
    expect(describedText(field)).toBe('Enter a number of days from 1 to 90.')
  })

  it('gives a valid number to commit, and shows the value core saved', async () => {
    const { field, state, user } = mountField(14)
    await user.clear(field)
    await user.type(field, ' 30 ')
    expect(state.dirty).toBe(true)
    expect(state.check()).toBe(30)
    state.accept(30)
    await nextTick()
    expect(field.value).toBe('30')
    expect(field.getAttribute('aria-invalid')).toBeNull()
  })

  it('shows core’s refusal on the field with the typed text kept', async () => {
    const { field, state, user } = mountField(14)
    await user.clear(field)
    await user.type(field, '60')
    state.refuse(['Must be at most 30 on this machine.'])
    await nextTick()
    expect(field.value).toBe('60')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(describedText(field)).toBe('Must be at most 30 on this machine.')
  })

  it('follows a new saved value unless the person has typed something else', async () => {
    const { saved, field, user } = mountField(14)
    saved.value = 21
    await nextTick()
    expect(field.value).toBe('21')
    await user.clear(field)
    await user.type(field, '7')
    saved.value = 28
    await nextTick()
    expect(field.value).toBe('7')
  })
})

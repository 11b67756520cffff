// The state of one numeric setting's field (NumberSetting.vue shows it): the text the person
// typed, kept as typed while it is invalid or a save fails; the saved value shown once known,
// and followed when it changes unless the person is editing; the field's messages, its own
// check's or core's. The form around it decides when to save: check() gives the number to
// commit, or shows why there is none.
import { computed, reactive, ref, watch } from 'vue'
import { wholeNumberProblem, type WholeNumberRule } from '../lib/whole-number'

export interface NumberSettingState {
  readonly rule: WholeNumberRule
  /** What the field shows: the person's text, or the saved value. */
  readonly text: string
  /** The messages shown on the field (empty when it is fine). */
  readonly errors: readonly string[]
  /** The text differs from the saved value. */
  readonly dirty: boolean
  /** The person typed: the text is theirs and the old message goes. */
  input(text: string): void
  /** The number to save, or null after showing why the text is not one. */
  check(): number | null
  /** Core refused the value: its words go on the field, the text stays. */
  refuse(messages: readonly string[]): void
  /** Core saved this value: the field shows it as core has it. */
  accept(value: number): void
}

export function useNumberSetting(saved: () => number | undefined, rule: WholeNumberRule): NumberSettingState {
  const text = ref('')
  const errors = ref<readonly string[]>([])
  // The saved value the field last showed: the field follows a new one only while it still
  // shows that one (the person has not typed something else).
  let shown: string | null = null
  watch(
    saved,
    (value) => {
      if (value === undefined) return
      if (shown === null || text.value.trim() === shown) text.value = String(value)
      shown = String(value)
    },
    { immediate: true },
  )

  return reactive({
    rule,
    text,
    errors,
    dirty: computed(() => text.value.trim() !== String(saved() ?? '')),
    input(next: string): void {
      text.value = next
      errors.value = []
    },
    check(): number | null {
      const problem = wholeNumberProblem(text.value, rule)
      errors.value = problem ? [problem] : []
      return problem ? null : Number(text.value.trim())
    },
    refuse(messages: readonly string[]): void {
      errors.value = [...messages]
    },
    accept(value: number): void {
      text.value = String(value)
      shown = String(value)
      errors.value = []
    },
  })
}

// Saving one number of the app's settings (settings:set) from its field (useNumberSetting): the
// field's own check first; then core's word, on the field when core names that setting, on the
// form otherwise. The Settings view's sync interval and HistorySetting save this way; each says
// its own words once saved or refused.
import { ref } from 'vue'
import type { AppError, AppSettings } from '../../../shared'
import { useSettingsStore } from '../stores/settings'
import type { NumberSettingState } from './useNumberSetting'

/** The settings that are a number. */
export type NumberSettingKey = { [K in keyof AppSettings]: AppSettings[K] extends number ? K : never }[keyof AppSettings]

export interface NumberSettingSaveOutcome {
  /** Core saved it: the value as core has it. */
  saved(value: number): void
  /** Core refused it for a reason not about the value (shown on the form as saveError too). */
  failed?(error: AppError): void
}

export function useNumberSettingSave(key: NumberSettingKey, setting: NumberSettingState, outcome: NumberSettingSaveOutcome) {
  const settings = useSettingsStore()
  const saving = ref(false)
  const saveError = ref<AppError | null>(null)

  async function save(): Promise<void> {
    saveError.value = null
    const value = setting.check()
    if (value === null) return
    saving.value = true
    const change: Partial<AppSettings> = { [key]: value }
    const result = await settings.save(change)
    saving.value = false
    if (result.ok) {
      setting.accept(result.value[key])
      outcome.saved(result.value[key])
      return
    }
    const fieldMessages = result.error.fields?.[key]
    if (fieldMessages?.length) setting.refuse(fieldMessages)
    else {
      saveError.value = result.error
      outcome.failed?.(result.error)
    }
  }

  return { saving, saveError, save }
}

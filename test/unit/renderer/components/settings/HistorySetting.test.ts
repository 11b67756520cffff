// The retention setting: shows the saved days, checks what is typed (7 to 3650 whole days)
// before asking core, warns before a shorter period prunes, saves through settings:set and
// says so, and shows core's own refusal on the field.
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen } from '@testing-library/dom'
import type { AppSettings, SiteManagerApi } from '../../../../../src/shared'
import HistorySetting from '../../../../../src/renderer/src/components/settings/HistorySetting.vue'
import { useSettingsStore } from '../../../../../src/renderer/src/stores/settings'
import { useToastsStore } from '../../../../../src/renderer/src/stores/toasts'
import { retentionProblem } from '../../../../../src/renderer/src/lib/history-retention'
import { createFakeApi, fail, ok } from '../../support/fake-api'
import { mountView, unmountAll } from '../../support/mount'

afterEach(unmountAll)

const SETTINGS: AppSettings = {
  syncIntervalMinutes: 5,
  theme: 'system',
  notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true },
  historyRetentionDays: 365,
}

async function mountSetting(settingsSet: SiteManagerApi['settingsSet']) {
  const fake = createFakeApi({ settingsGet: async () => ok(SETTINGS), settingsSet })
  const mounted = await mountView(HistorySetting, fake)
  await useSettingsStore(mounted.pinia).load()
  await flushPromises()
  return { fake, ...mounted }
}

describe('HistorySetting', () => {
  it('shows the saved days and saves a new number, saying so', async () => {
    const { fake, user, pinia } = await mountSetting(async (patch) => ok({ ...SETTINGS, ...patch }))
    const input = screen.getByLabelText('Keep site history for (days)') as HTMLInputElement
    expect(input.value).toBe('365')
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true)

    await user.clear(input)
    await user.type(input, '730')
    expect(screen.queryByText(/will be removed when you save/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await flushPromises()

    expect(fake.api.settingsSet).toHaveBeenCalledWith({ historyRetentionDays: 730 })
    expect(useToastsStore(pinia).toasts.map((t) => t.message)).toContain('History is kept for 730 days.')
  })

  it('refuses what is not 7 to 3650 whole days without asking core, and warns before a shorter period', async () => {
    const { fake, user } = await mountSetting(async (patch) => ok({ ...SETTINGS, ...patch }))
    const input = screen.getByLabelText('Keep site history for (days)')

    await user.clear(input)
    await user.type(input, '3')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText(/from 7 to 3,650/)).toBeVisible()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(fake.api.settingsSet).not.toHaveBeenCalled()

    await user.clear(input)
    await user.type(input, '30')
    expect(screen.getByText('History older than 30 days will be removed when you save.').getAttribute('role')).toBe('status')
  })

  it('shows core’s refusal on the field', async () => {
    const { user } = await mountSetting(async () =>
      fail({ code: 'invalid_input', message: 'No.', fields: { historyRetentionDays: ['must be at most 3650 days'] } }),
    )
    const input = screen.getByLabelText('Keep site history for (days)')
    await user.clear(input)
    await user.type(input, '100')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await flushPromises()
    expect(screen.getByText('must be at most 3650 days')).toBeVisible()
  })
})

describe('retentionProblem', () => {
  it('accepts whole days from 7 to 3650 only', () => {
    expect(retentionProblem('7')).toBeNull()
    expect(retentionProblem(' 3650 ')).toBeNull()
    expect(retentionProblem('6')).not.toBeNull()
    expect(retentionProblem('3651')).not.toBeNull()
    expect(retentionProblem('30.5')).not.toBeNull()
    expect(retentionProblem('')).not.toBeNull()
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import SettingsView from '../../../../src/renderer/src/views/SettingsView.vue'
import { intervalProblem } from '../../../../src/renderer/src/stores/settings'
import type { AppSettings } from '../../../../src/shared'
import { createFakeApi, fail, makeAccount, memoryCore, ok, syncState } from '../support/fake-api'
import { errorOf } from '../support/a11y'
import { mountView, unmountAll } from '../support/mount'

afterEach(unmountAll)

const ACCOUNTS = [makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Freelance' })]

function api(settings: AppSettings = { syncIntervalMinutes: 5, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 }) {
  const core = memoryCore({
    a: { sync: syncState('a', { lastSyncedAt: new Date(Date.now() - 3 * 60_000).toISOString() }) },
    b: { sync: syncState('b', { status: 'failed', lastSyncedAt: null, error: { code: 'network', message: 'Could not connect to b.example.' } }) },
  })
  let saved = settings
  return createFakeApi({
    ...core.methods,
    settingsGet: async () => ok(saved),
    settingsSet: async (change) => ok((saved = { ...saved, ...change })),
  })
}

const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Sync interval (minutes)' })
// The page has a Save per card: these are the Automatic sync card's.
const intervalCard = () => screen.getByRole('region', { name: 'Automatic sync' })
const save = () => within(intervalCard()).getByRole('button', { name: 'Save' })
const mountSettings = (fake: ReturnType<typeof api>) => mountView(SettingsView, fake, { path: '/settings', accounts: ACCOUNTS })

describe('SettingsView', () => {
  it('shows the sync interval and saves a new one', async () => {
    const fake = api()
    const { user } = await mountSettings(fake)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Settings')
    expect(field().value).toBe('5')
    await user.clear(field())
    await user.type(field(), '15')
    await user.click(save())
    await flushPromises()
    expect(fake.api.settingsSet).toHaveBeenCalledWith({ syncIntervalMinutes: 15 })
    expect(within(intervalCard()).getByRole('status').textContent).toBe('Saved: every account syncs every 15 minutes.')
    expect(field().value).toBe('15')
  })

  it('checks the interval before saving: a whole number of minutes from 1 to 1440', async () => {
    const fake = api()
    const { user } = await mountSettings(fake)
    for (const [typed, message] of [
      ['0', 'Enter a number of minutes from 1 to 1440 (one day).'],
      ['1441', 'Enter a number of minutes from 1 to 1440 (one day).'],
      ['2.5', 'Enter a whole number of minutes, like 5.'],
      ['soon', 'Enter a whole number of minutes, like 5.'],
    ]) {
      await user.clear(field())
      await user.type(field(), typed!)
      await user.click(save())
      expect(field().getAttribute('aria-invalid')).toBe('true')
      expect(errorOf(field())).toBe(message)
    }
    await user.clear(field())
    await user.click(save())
    expect(errorOf(field())).toBe('Enter how many minutes to wait between syncs.')
    expect(fake.api.settingsSet).not.toHaveBeenCalled()
    // Typing again takes the message away.
    await user.type(field(), '1440')
    expect(errorOf(field())).toBe('')
  })

  it("shows core's refusal on the field, and other failures below it", async () => {
    const fake = api()
    fake.api.settingsSet.mockResolvedValueOnce(
      fail({ code: 'invalid_input', message: 'Invalid settings.', fields: { syncIntervalMinutes: ['Must be at most 720 on this machine.'] } }),
    )
    const { user } = await mountSettings(fake)
    await user.clear(field())
    await user.type(field(), '1000')
    await user.click(save())
    await flushPromises()
    expect(errorOf(field())).toBe('Must be at most 720 on this machine.')

    fake.api.settingsSet.mockResolvedValueOnce(fail({ code: 'internal', message: 'The settings file could not be written.' }))
    await user.clear(field())
    await user.type(field(), '30')
    await user.click(save())
    await flushPromises()
    expect(within(intervalCard()).getByRole('alert').textContent).toContain('The settings file could not be written.')
  })

  it('lists every account with its sync state and a Sync now', async () => {
    const fake = api()
    const { user } = await mountSettings(fake)
    const list = screen.getByRole('list', { name: 'Sync by account' })
    const [agency, freelance] = within(list).getAllByRole('listitem')
    expect(agency!.textContent).toContain('Agency')
    expect(agency!.textContent).toContain('Synced 3 minutes ago')
    expect(freelance!.textContent).toContain('Never synced')
    expect(freelance!.textContent).toContain('Last sync failed: Cannot reach the server. Could not connect to b.example.')

    await user.click(screen.getByRole('button', { name: 'Sync now: Freelance' }))
    await flushPromises()
    expect(fake.api.syncNow).toHaveBeenCalledWith({ accountId: 'b' })

    fake.emit('sync:state', syncState('a', { status: 'syncing', progress: { done: 240, total: 667 } }))
    await flushPromises()
    expect(agency!.textContent).toContain('Syncing 240 of 667 pages')
    expect(within(agency!).getByRole<HTMLButtonElement>('button', { name: 'Sync now: Agency' }).disabled).toBe(true)
    fake.api.syncCancel.mockResolvedValue(ok(undefined))
    await user.click(within(agency!).getByRole('button', { name: 'Cancel sync of Agency' }))
    expect(fake.api.syncCancel).toHaveBeenCalledWith({ accountId: 'a' })
  })

  it('explains settings that cannot be read, with Retry', async () => {
    const fake = api()
    fake.api.settingsGet.mockResolvedValueOnce(fail({ code: 'internal', message: 'The settings could not be read.' }))
    const { user } = await mountSettings(fake)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('The settings could not be read.')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await flushPromises()
    expect(field().value).toBe('5')
  })
})

describe('intervalProblem', () => {
  it('accepts whole minutes from 1 to 1440, spaces around allowed', () => {
    for (const ok of ['1', '5', ' 60 ', '1440']) expect(intervalProblem(ok)).toBeNull()
    for (const bad of ['', '0', '1441', '-5', '1e3', '5 min', '07.0']) expect(intervalProblem(bad)).not.toBeNull()
  })
})

// The native parts follow the theme chosen in the app: the stored one at start, each saved one
// after, and nothing changes for a refused or malformed answer.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { REQUEST_CHANNELS, type AppSettings, type ChannelHandlers, type Result } from '../../../src/shared'
import * as electron from './fake-electron'
import { followAppTheme } from '../../../src/main/native-theme'
import { DEFAULT_SETTINGS } from '../../../src/core/store/workspace-store'

vi.mock('electron', () => import('./fake-electron'))

function handlers(stored: AppSettings, setAnswer: (patch: unknown) => Result<unknown>): ChannelHandlers {
  const all = Object.fromEntries(REQUEST_CHANNELS.map((c) => [c, async () => ({ ok: true, value: undefined })])) as unknown as ChannelHandlers
  all['settings:get'] = async () => ({ ok: true, value: stored })
  all['settings:set'] = async (patch) => setAnswer(patch) as Result<AppSettings>
  return all
}

beforeEach(() => electron.resetFakeElectron())

describe('followAppTheme', () => {
  it('applies the stored theme at start and each saved one after', async () => {
    const wrapped = followAppTheme(
      handlers({ ...DEFAULT_SETTINGS, theme: 'dark' }, (patch) => ({ ok: true, value: { ...DEFAULT_SETTINGS, ...(patch as object) } })),
    )
    await vi.waitFor(() => expect(electron.nativeTheme.themeSource).toBe('dark'))
    expect(await wrapped['settings:set']({ theme: 'light' })).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, theme: 'light' } })
    expect(electron.nativeTheme.themeSource).toBe('light')
  })

  it('leaves the theme alone when a save is refused', async () => {
    const wrapped = followAppTheme(
      handlers({ ...DEFAULT_SETTINGS, theme: 'system' }, () => ({ ok: false, error: { code: 'invalid_input', message: 'No.' } })),
    )
    await wrapped['settings:set']({ theme: 'dark' })
    expect(electron.nativeTheme.themeSource).toBe('system')
  })
})

import { describe, expect, it } from 'vitest'
import { AppErrorException } from '../../../src/core/errors'
import { browserOpener, openExternal } from '../../../src/web/system-browser'

describe('opening addresses in the system browser', () => {
  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'mailto:a@b.c', 'ssh://host', 'not a url'])(
    'refuses %s before launching anything',
    async (url) => {
      const refusal = await openExternal(url).catch((e: unknown) => e)
      expect(refusal).toBeInstanceOf(AppErrorException)
      expect((refusal as AppErrorException).appError.code).toBe('invalid_input')
    },
  )

  it('does not try xdg-open without a display (it would start a text browser in the terminal)', () => {
    expect(browserOpener('linux', {})).toBeNull()
    expect(browserOpener('linux', { DISPLAY: ':0' })).toEqual({ command: 'xdg-open', args: [] })
    expect(browserOpener('linux', { WAYLAND_DISPLAY: 'wayland-0' })?.command).toBe('xdg-open')
    expect(browserOpener('darwin', {})?.command).toBe('open')
  })
})

import { describe, expect, it } from 'vitest'
import { defaultDataDir, LaunchOptionsError, parseLaunchOptions } from '../../../src/web/launch-options'

describe('web shell launch options', () => {
  it('reads every flag', () => {
    const token = 'abcdefghijklmnop0123'
    expect(parseLaunchOptions(['--port', '8799', '--data-dir', '/tmp/ws', '--no-open', '--demo', '--token', token])).toEqual({
      port: 8799,
      dataDir: '/tmp/ws',
      token,
      open: false,
      demo: true,
    })
  })

  it('defaults to a free port, a fresh token, opening the browser, and the per-user data folder', () => {
    const options = parseLaunchOptions([], { XDG_DATA_HOME: '/home/u/.data' })
    expect(options).toEqual({ port: 0, dataDir: '/home/u/.data/site-manager-web', token: null, open: true, demo: false })
  })

  it('falls back to ~/.local/share when XDG_DATA_HOME is unset or relative', () => {
    expect(defaultDataDir({}, '/home/u')).toBe('/home/u/.local/share/site-manager-web')
    expect(defaultDataDir({ XDG_DATA_HOME: 'relative' }, '/home/u')).toBe('/home/u/.local/share/site-manager-web')
  })

  it.each([[['--port', 'x']], [['--port', '70000']], [['--token', 'short']], [['--token', 'has spaces in it, no good']], [['--bogus']], [['stray']]])(
    'refuses %j with a clear message',
    (argv) => {
      expect(() => parseLaunchOptions(argv)).toThrow(LaunchOptionsError)
    },
  )
})

import { describe, expect, it } from 'vitest'
import {
  DEMO_INTERVAL_MAX_MS,
  DEMO_INTERVAL_MIN_MS,
  defaultDataDir,
  LaunchOptionsError,
  parseLaunchOptions,
} from '../../../src/web/launch-options'

describe('web shell launch options', () => {
  it('reads every flag', () => {
    const token = 'abcdefghijklmnop0123'
    expect(parseLaunchOptions(['--port', '8799', '--data-dir', '/tmp/ws', '--no-open', '--demo', '--token', token])).toEqual({
      port: 8799,
      dataDir: '/tmp/ws',
      token,
      open: false,
      demo: true,
      demoIntervalMs: null,
    })
  })

  it('reads how often the demo records new events, within its bounds', () => {
    expect(parseLaunchOptions(['--demo', '--demo-interval-ms', '2000']).demoIntervalMs).toBe(2000)
    expect(parseLaunchOptions(['--demo-interval-ms', String(DEMO_INTERVAL_MIN_MS)]).demoIntervalMs).toBe(DEMO_INTERVAL_MIN_MS)
    expect(parseLaunchOptions(['--demo-interval-ms', String(DEMO_INTERVAL_MAX_MS)]).demoIntervalMs).toBe(DEMO_INTERVAL_MAX_MS)
    expect(parseLaunchOptions(['--demo']).demoIntervalMs).toBeNull()
  })

  it.each(['0', '499', '3600001', '2.5', '-2000', '2e3', ' 2000', 'soon', ''])('refuses --demo-interval-ms %j and says what it takes', (value) => {
    expect(() => parseLaunchOptions([`--demo-interval-ms=${value}`])).toThrow(/--demo-interval-ms must be a whole number of milliseconds from 500 to 3600000/)
  })

  it('defaults to a free port, a fresh token, opening the browser, and the per-user data folder', () => {
    const options = parseLaunchOptions([], { XDG_DATA_HOME: '/home/u/.data' })
    expect(options).toEqual({ port: 0, dataDir: '/home/u/.data/site-manager-web', token: null, open: true, demo: false, demoIntervalMs: null })
  })

  it('falls back to ~/.local/share when XDG_DATA_HOME is unset or relative', () => {
    expect(defaultDataDir({}, '/home/u')).toBe('/home/u/.local/share/site-manager-web')
    expect(defaultDataDir({ XDG_DATA_HOME: 'relative' }, '/home/u')).toBe('/home/u/.local/share/site-manager-web')
  })

  it.each([[['--port', 'x']], [['--port', '70000']], [['--token', 'short']], [['--token', 'has spaces in it, no good']], [['--bogus']], [['stray']], [['--demo-interval-ms']]])(
    'refuses %j with a clear message',
    (argv) => {
      expect(() => parseLaunchOptions(argv)).toThrow(LaunchOptionsError)
    },
  )

  it.each(['80', '1', '443', '1023'])('refuses --port %s: browsers drop :80 from Host/Origin, the rest need root', (value) => {
    expect(() => parseLaunchOptions(['--port', value])).toThrow(LaunchOptionsError)
    expect(() => parseLaunchOptions(['--port', value])).toThrow(
      new RegExp(`--port ${value} cannot be used: the web shell needs a port from 1024 to 65535 .*Leave --port out to get a free one`),
    )
  })

  it.each(['1024', '65535', '0'])('takes --port %s (0 picks a free one)', (value) => {
    expect(parseLaunchOptions(['--port', value]).port).toBe(Number(value))
  })

  it.each(['', '-1', '8080.5', '0x1F90', ' 8080', '65536'])('refuses --port %j as not a port number', (value) => {
    expect(() => parseLaunchOptions([`--port=${value}`])).toThrow(/--port must be a number from 1024 to 65535 \(0 picks a free one\)/)
  })
})

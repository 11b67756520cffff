// The window's security lines: navigation and new windows refused, web links handed to the
// system browser (http(s) only), webviews refused, permissions denied, CSP on every response.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeEvent, FakeSession, FakeWebContents, resetFakeElectron } from './fake-electron'
import { hardenWebContents, lockDownSession } from '../../../src/main/security'
import { isWebAddress } from '../../../src/shared'
import { webOnlyOpener } from '../../../src/main/external-links'
import { CONTENT_SECURITY_POLICY } from '../../../src/main/csp'

vi.mock('electron', () => import('./fake-electron'))

const APP_URL = 'file:///app/out/renderer/index.html'

describe('hardenWebContents', () => {
  let contents: FakeWebContents
  let opened: string[]

  beforeEach(() => {
    resetFakeElectron()
    contents = new FakeWebContents(APP_URL)
    opened = []
    hardenWebContents(contents as any, {
      isAppUrl: (address) => address.startsWith(APP_URL),
      openExternal: async (url) => {
        opened.push(url)
      },
    })
  })

  function navigate(to: string, kind = 'will-frame-navigate', isMainFrame = true): FakeEvent {
    const event = new FakeEvent({ url: to, isMainFrame, isSameDocument: false })
    contents.emit(kind, event)
    return event
  }

  it('lets the app move between its own routes', () => {
    expect(navigate(`${APP_URL}#/sites`).defaultPrevented).toBe(false)
    expect(opened).toEqual([])
  })

  it('refuses navigation to a web page and opens it in the system browser instead', () => {
    expect(navigate('https://example.com/docs').defaultPrevented).toBe(true)
    expect(opened).toEqual(['https://example.com/docs'])
  })

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'smb://share/x', 'custom-proto://run'])(
    'refuses navigation to %s and opens nothing',
    (address) => {
      expect(navigate(address).defaultPrevented).toBe(true)
      expect(opened).toEqual([])
    },
  )

  it('refuses any subframe navigation, even to the app page, and opens nothing', () => {
    expect(navigate('https://example.com/', 'will-frame-navigate', false).defaultPrevented).toBe(true)
    expect(navigate(APP_URL, 'will-frame-navigate', false).defaultPrevented).toBe(true)
    expect(opened).toEqual([])
  })

  it('refuses a redirect away from the app', () => {
    expect(navigate('https://evil.example/', 'will-redirect').defaultPrevented).toBe(true)
    expect(opened).toEqual([])
  })

  it('denies every window.open, sending only web addresses to the browser', () => {
    const handler = contents.windowOpenHandler
    expect(handler).not.toBeNull()
    expect(handler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' })
    expect(handler!({ url: APP_URL })).toEqual({ action: 'deny' })
    expect(handler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(opened).toEqual(['https://example.com/'])
  })

  it('opens each site of "Open sites" (window.open with noopener, a target=_blank link) in the browser, in order', () => {
    const handler = contents.windowOpenHandler!
    const sites = ['https://shop.example.com/', 'http://blog.example.org/wp-admin', 'https://docs.example.net/']
    for (const url of sites) {
      expect(handler({ url, frameName: '_blank', features: 'noopener', disposition: 'foreground-tab', referrer: { url: '', policy: 'no-referrer' } })).toEqual({
        action: 'deny',
      })
    }
    expect(handler({ url: 'https://example.com/x', disposition: 'background-tab', referrer: { url: APP_URL, policy: 'strict-origin-when-cross-origin' } })).toEqual({ action: 'deny' })
    expect(opened).toEqual([...sites, 'https://example.com/x'])
  })

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'smb://share/x', 'data:text/html,<p>x</p>', 'blob:https://x.example/1'])(
    'opens nothing for window.open of %s',
    (url) => {
      expect(contents.windowOpenHandler!({ url, frameName: '_blank', features: 'noopener' })).toEqual({ action: 'deny' })
      expect(opened).toEqual([])
    },
  )

  it('sends nothing to the browser from a window.open of a page that is not the app', () => {
    contents.mainFrame.url = 'https://evil.example/'
    expect(contents.windowOpenHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' })
    expect(opened).toEqual([])
  })

  it('does not open a form posted to a new window', () => {
    expect(contents.windowOpenHandler!({ url: 'https://example.com/login', postBody: { data: [], contentType: 'application/x-www-form-urlencoded' } })).toEqual({
      action: 'deny',
    })
    expect(opened).toEqual([])
  })

  it('still refuses navigation of the window itself after links were opened', () => {
    contents.windowOpenHandler!({ url: 'https://example.com/' })
    expect(navigate('https://example.com/').defaultPrevented).toBe(true)
    expect(navigate(`${APP_URL}#/sites`).defaultPrevented).toBe(false)
  })

  it('refuses to attach a <webview>', () => {
    const event = new FakeEvent()
    contents.emit('will-attach-webview', event, {}, {})
    expect(event.defaultPrevented).toBe(true)
  })

  it('survives a browser that fails to open', async () => {
    const failing = new FakeWebContents(APP_URL)
    hardenWebContents(failing as any, { isAppUrl: () => false, openExternal: () => Promise.reject(new Error('no browser')) })
    const event = new FakeEvent({ url: 'https://example.com/', isMainFrame: true })
    failing.emit('will-frame-navigate', event)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(event.defaultPrevented).toBe(true)
  })
})

describe('lockDownSession', () => {
  let session: FakeSession

  beforeEach(() => {
    session = new FakeSession()
    lockDownSession(session as any, CONTENT_SECURITY_POLICY)
  })

  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen'])(
    'denies a %s permission request',
    (permission) => {
      const callback = vi.fn()
      session.permissionRequestHandler!(new FakeWebContents(APP_URL), permission, callback, { requestingUrl: APP_URL })
      expect(callback).toHaveBeenCalledExactlyOnceWith(false)
      expect(session.permissionCheckHandler!(null, permission, 'file:///', { requestingUrl: APP_URL })).toBe(false)
    },
  )

  it('adds the Content-Security-Policy header to every response, keeping the others', () => {
    const callback = vi.fn()
    session.headersReceived!({ url: 'http://localhost:5173/', responseHeaders: { 'Content-Type': ['text/html'] } }, callback)
    expect(callback).toHaveBeenCalledExactlyOnceWith({
      responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    })
  })
})

describe('the Content-Security-Policy', () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/)
      return [name, values] as const
    }),
  )

  it('allows scripts only from the app itself: no inline, no eval, no remote', () => {
    expect(directives.get('script-src')).toEqual(["'self'"])
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval')
    expect(directives.get('default-src')).toEqual(["'self'"])
  })

  it('shuts plugins, frames, base and forms', () => {
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('frame-src')).toEqual(["'none'"])
    expect(directives.get('base-uri')).toEqual(["'none'"])
    expect(directives.get('form-action')).toEqual(["'none'"])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
  })

  it('lets the renderer connect to nothing but its own origin', () => {
    expect(directives.get('connect-src')).toEqual(["'self'"])
  })
})

describe('external links', () => {
  it.each([
    ['https://example.com/x', true],
    ['http://127.0.0.1:8080/', true],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['mailto:a@b.c', false],
    ['ms-settings:', false],
    ['nonsense', false],
  ])('%s is a web address: %s', (address, expected) => {
    expect(isWebAddress(address)).toBe(expected)
  })

  it('hands only http(s) addresses to the OS opener', async () => {
    const os: string[] = []
    const open = webOnlyOpener(async (url) => {
      os.push(url)
    })
    await open('https://example.com/')
    await expect(open('file:///etc/passwd')).rejects.toThrow(/http/)
    await expect(open('javascript:alert(1)')).rejects.toThrow()
    expect(os).toEqual(['https://example.com/'])
  })
})

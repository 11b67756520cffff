import { describe, expect, it } from 'vitest'
import { appLocation } from '../../../src/main/app-location'

describe('appLocation', () => {
  describe('built app (file://)', () => {
    const location = appLocation({ indexHtmlPath: '/opt/Site Manager/out/renderer/index.html' })

    it('loads the renderer index as a file URL', () => {
      expect(location.url).toBe('file:///opt/Site%20Manager/out/renderer/index.html')
    })

    it.each([
      'file:///opt/Site%20Manager/out/renderer/index.html',
      'file:///opt/Site%20Manager/out/renderer/index.html#/sites/3',
      'file:///opt/Site%20Manager/out/renderer/index.html?x=1',
    ])('accepts its own page %s', (address) => {
      expect(location.isAppUrl(address)).toBe(true)
    })

    it.each([
      'file:///tmp/evil.html',
      'file:///opt/Site%20Manager/out/renderer/other.html',
      'file://remote-host/opt/Site%20Manager/out/renderer/index.html',
      'https://evil.example/opt/Site%20Manager/out/renderer/index.html',
      'http://localhost:5173/',
      'javascript:alert(1)',
      'not a url',
      '',
    ])('refuses %s', (address) => {
      expect(location.isAppUrl(address)).toBe(false)
    })
  })

  describe('development (electron-vite dev server)', () => {
    const location = appLocation({ devServerUrl: 'http://localhost:5173', indexHtmlPath: '/x/index.html' })

    it('loads the dev server and accepts its origin only', () => {
      expect(location.url).toBe('http://localhost:5173/')
      expect(location.isAppUrl('http://localhost:5173/#/tags')).toBe(true)
      expect(location.isAppUrl('http://localhost:5174/')).toBe(false)
      expect(location.isAppUrl('http://127.0.0.1:5173/')).toBe(false)
      expect(location.isAppUrl('file:///x/index.html')).toBe(false)
    })

    it('ignores a dev server address that is not http(s)', () => {
      const fallback = appLocation({ devServerUrl: 'javascript:alert(1)', indexHtmlPath: '/x/index.html' })
      expect(fallback.url).toBe('file:///x/index.html')
    })

    it.each(['http://127.0.0.1:5173/', 'http://localhost:5173/', 'http://[::1]:5173/', 'https://localhost:5173/'])(
      'honours a dev server on a loopback address: %s',
      (address) => {
        expect(appLocation({ devServerUrl: address, indexHtmlPath: '/x/index.html' }).url).toBe(address)
      },
    )

    it.each([
      'http://evil.example:5173/',
      'https://evil.example/',
      'http://192.168.1.20:5173/',
      'http://127.0.0.1.evil.example:5173/',
      'http://localhost.evil.example/',
      'http://0.0.0.0:5173/',
      'http://user@evil.example/',
      'file:///tmp/evil.html',
    ])('loads the built page instead of a dev server that is not on a loopback address: %s', (address) => {
      const fallback = appLocation({ devServerUrl: address, indexHtmlPath: '/x/index.html' })
      expect(fallback.url).toBe('file:///x/index.html')
      expect(fallback.isAppUrl(address)).toBe(false)
    })
  })
})

import { describe, expect, it } from 'vitest'
import { isWebAddress, suggestWebAddress } from '../../../src/shared/web-address'

describe('isWebAddress', () => {
  it('accepts absolute http and https addresses with a host', () => {
    for (const address of ['https://shop.example.com', 'http://localhost:8080/admin?x=1#top', 'https://[::1]/', 'https://xn--bcher-kva.example/']) {
      expect(isWebAddress(address), address).toBe(true)
    }
  })

  it('refuses every other scheme: what the OS would run or open locally', () => {
    for (const address of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,<script>x</script>', 'mailto:a@b.example', 'ftp://files.example', 'smb://server/share', 'site-manager://open']) {
      expect(isWebAddress(address), address).toBe(false)
    }
  })

  it('refuses relative addresses, bare hosts, an empty host and spaces', () => {
    for (const address of ['', '/sites/1', '//shop.example.com', 'shop.example.com', 'https://', 'http://', ' https://shop.example.com', 'https://shop.example.com ', 'https://exa mple.com', 'https://shop.example.com/a b', 'https://shop.example.com\n']) {
      expect(isWebAddress(address), JSON.stringify(address)).toBe(false)
    }
  })
})

describe('suggestWebAddress', () => {
  it('offers https:// for a host typed without a scheme, with its path and port', () => {
    expect(suggestWebAddress('harbor-hardware')).toBe('https://harbor-hardware')
    expect(suggestWebAddress(' harbor-hardware.com/shop ')).toBe('https://harbor-hardware.com/shop')
    expect(suggestWebAddress('localhost:8080')).toBe('https://localhost:8080')
    expect(suggestWebAddress('//cdn.example.com/x')).toBe('https://cdn.example.com/x')
  })

  it('offers nothing for an address with a scheme, or for text that is no host', () => {
    for (const value of ['', 'https://shop.example.com', 'two words', '-bad-.com', 'ftp://x', 'a..b', 'user@host', 'mailto:a@b.example', 'javascript:alert(1)']) {
      expect(suggestWebAddress(value), value).toBeNull()
    }
  })
})

import { describe, expect, it } from 'vitest'
import { isWithinBaseUrl, normalizeBaseUrl } from '../../../../src/core/api'
import { AppErrorException } from '../../../../src/core/errors'

function refusal(input: string): string {
  try {
    normalizeBaseUrl(input)
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(AppErrorException)
    const error = (thrown as AppErrorException).appError
    expect(error.code).toBe('invalid_input')
    return error.message
  }
  throw new Error(`${input} was accepted`)
}

describe('normalizeBaseUrl', () => {
  it('trims, lowercases the host and drops trailing slashes and default ports', () => {
    expect(normalizeBaseUrl('  https://Example.COM:443/api/v1///  ')).toBe('https://example.com/api/v1')
    expect(normalizeBaseUrl('https://example.com')).toBe('https://example.com')
    expect(normalizeBaseUrl('https://example.com:8443/v1/')).toBe('https://example.com:8443/v1')
  })

  it('allows plain http only for loopback hosts', () => {
    expect(normalizeBaseUrl('http://127.0.0.1:8080/api/v1')).toBe('http://127.0.0.1:8080/api/v1')
    expect(normalizeBaseUrl('http://127.3.2.1/v1')).toBe('http://127.3.2.1/v1')
    expect(normalizeBaseUrl('http://localhost:3000/v1')).toBe('http://localhost:3000/v1')
    expect(normalizeBaseUrl('http://[::1]:3000/v1')).toBe('http://[::1]:3000/v1')
    expect(refusal('http://example.com/api/v1')).toMatch(/https:\/\//)
    expect(refusal('http://128.0.0.1/api/v1')).toMatch(/unencrypted/)
    expect(refusal('http://127.0.0.1.example.com/v1')).toMatch(/https/)
    // Subdomains of .localhost may resolve elsewhere; only the name localhost itself is loopback.
    expect(refusal('http://api.localhost:3000/v1')).toMatch(/unencrypted/)
    expect(refusal('http://localhost.example.com/v1')).toMatch(/unencrypted/)
  })

  it('refuses what is not an http(s) address', () => {
    expect(refusal('')).toMatch(/Enter the address/)
    expect(refusal('example.com/api/v1')).toMatch(/not a web address/)
    expect(refusal('ftp://example.com/v1')).toMatch(/ftp:/)
    expect(refusal('file:///etc/passwd')).toMatch(/must start with https/)
  })

  it('refuses credentials, queries and fragments', () => {
    expect(refusal('https://user:pw@example.com/v1')).toMatch(/user name and password/)
    expect(refusal('https://example.com/v1?x=1')).toMatch(/"\?"/)
    expect(refusal('https://example.com/v1?')).toMatch(/"\?"/)
    expect(refusal('https://example.com/v1#top')).toMatch(/"#"/)
  })
})

describe('isWithinBaseUrl', () => {
  const base = 'https://example.com/api/v1'

  it('accepts the base itself and addresses below it', () => {
    expect(isWithinBaseUrl('https://example.com/api/v1', base)).toBe(true)
    expect(isWithinBaseUrl('https://example.com/api/v1/', base)).toBe(true)
    expect(isWithinBaseUrl('https://example.com/api/v1/sites?page=2', base)).toBe(true)
    expect(isWithinBaseUrl('https://EXAMPLE.com:443/api/v1/sites/3/logs', base)).toBe(true)
    expect(isWithinBaseUrl('https://example.com/api/v1/sites', `${base}/`)).toBe(true)
  })

  it('refuses other origins: scheme, host, port', () => {
    expect(isWithinBaseUrl('http://example.com/api/v1/sites', base)).toBe(false)
    expect(isWithinBaseUrl('https://evil.example/api/v1/sites', base)).toBe(false)
    expect(isWithinBaseUrl('https://example.com.evil.test/api/v1/sites', base)).toBe(false)
    expect(isWithinBaseUrl('https://example.com:8443/api/v1/sites', base)).toBe(false)
  })

  it('refuses paths beside or above the prefix, also through dot segments', () => {
    expect(isWithinBaseUrl('https://example.com/api/v10/sites', base)).toBe(false)
    expect(isWithinBaseUrl('https://example.com/api/v1x', base)).toBe(false)
    expect(isWithinBaseUrl('https://example.com/api/v2/sites', base)).toBe(false)
    expect(isWithinBaseUrl('https://example.com/api/v1/../admin', base)).toBe(false)
    expect(isWithinBaseUrl('https://example.com/api/v1/%2e%2e/admin', base)).toBe(false)
    expect(isWithinBaseUrl('https://example.com/', base)).toBe(false)
  })

  it('refuses relative, credentialed and non-http addresses', () => {
    expect(isWithinBaseUrl('/api/v1/sites', base)).toBe(false)
    expect(isWithinBaseUrl('https://user:pw@example.com/api/v1/sites', base)).toBe(false)
    expect(isWithinBaseUrl('javascript:alert(1)', base)).toBe(false)
    expect(isWithinBaseUrl('not a url', base)).toBe(false)
  })

  it('with a base at the origin root, everything on that origin is inside', () => {
    expect(isWithinBaseUrl('http://127.0.0.1:8080/sites', 'http://127.0.0.1:8080')).toBe(true)
    expect(isWithinBaseUrl('http://127.0.0.1:8081/sites', 'http://127.0.0.1:8080')).toBe(false)
  })
})

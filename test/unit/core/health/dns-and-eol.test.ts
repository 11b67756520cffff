import { describe, expect, it } from 'vitest'
import { checkDns } from '../../../../src/core/health/dns-check'
import { checkEndOfLife } from '../../../../src/core/health/eol-check'
import { EOL_AS_OF, EOL_CREDIT } from '../../../../src/core/health/eol-table'
import { loopbackNetwork } from '../../../../src/core/health/health-network'
import { databaseVersion, phpVersion } from '../../../../src/core/health/server-versions'

describe('checkDns through the injected resolver', () => {
  const network = loopbackNetwork({ hosts: { 'site.test': ['127.0.0.1', '::1'], 'cdn.test': ['127.0.0.9'], 'gone.test': [] } })
  it('is ok when the host points at the server, a notice when elsewhere', async () => {
    expect(await checkDns('https://site.test/', '127.0.0.1', network)).toMatchObject({ level: 'ok', details: { addresses: ['127.0.0.1', '::1'] } })
    const elsewhere = await checkDns('https://cdn.test/', '127.0.0.1', network)
    expect(elsewhere).toMatchObject({ level: 'notice', cause: 'dnsElsewhere' })
    expect(elsewhere.reason).toMatch(/^DNS points elsewhere/)
    expect((await checkDns('https://cdn.test/', null, network)).level).toBe('ok')
  })
  it('is unknown for a name that does not resolve, and for a resolver that never answers, at its deadline', async () => {
    expect(await checkDns('https://gone.test/', '127.0.0.1', network)).toMatchObject({ level: 'unknown', cause: null })
    const quiet = { resolve: () => new Promise<never>(() => undefined), connect: network.connect }
    const outcome = await checkDns('https://site.test/', '127.0.0.1', quiet, undefined, 60)
    expect(outcome).toMatchObject({ level: 'unknown', reason: 'The name site.test could not be looked up (the DNS server did not answer).' })
  })
})

describe('server versions', () => {
  it('tells MariaDB from MySQL by the string and the version line', () => {
    expect(databaseVersion('10.6.17-MariaDB')).toEqual({ product: 'mariadb', cycle: '10.6' })
    expect(databaseVersion('5.5.5-10.11.7-MariaDB-1:10.11.7+maria~ubu2204')).toEqual({ product: 'mariadb', cycle: '10.11' })
    expect(databaseVersion('11.4.2')).toEqual({ product: 'mariadb', cycle: '11.4' })
    expect(databaseVersion('5.5.68-MariaDB')).toEqual({ product: 'mariadb', cycle: '5.5' })
    expect(databaseVersion('8.0.36')).toEqual({ product: 'mysql', cycle: '8.0' })
    expect(databaseVersion('5.7.44-log')).toEqual({ product: 'mysql', cycle: '5.7' })
    expect(databaseVersion('unknown')).toBeNull()
    expect(phpVersion('8.2.18')).toEqual({ product: 'php', cycle: '8.2' })
    expect(phpVersion('PHP/7.4.33-nmm1')).toEqual({ product: 'php', cycle: '7.4' })
  })
})

describe('checkEndOfLife', () => {
  const now = Date.parse('2026-11-27T00:00:00Z')
  it('warns past end of security support and notes past end of active support', () => {
    const old = checkEndOfLife({ php: '7.4.33', mysql: '10.11.7-MariaDB' }, now)
    expect(old).toMatchObject({ level: 'warning', cause: 'endOfLife', details: { asOf: EOL_AS_OF } })
    expect(old.reason).toBe('PHP 7.4 (security support ended 2022-11-28) no longer gets security fixes.')
    const active = checkEndOfLife({ php: '8.2.20', mysql: '8.4.1' }, now)
    expect(active).toMatchObject({ level: 'note', cause: 'endOfActiveSupport' })
    expect(active.reason).toMatch(/PHP 8.2 \(security fixes only, until 2026-12-31\)/)
    expect(checkEndOfLife({ php: '8.4.3', mysql: '8.4.1' }, now).level).toBe('ok')
  })
  it('is unknown without versions or with versions the data does not know', () => {
    expect(checkEndOfLife({ php: null, mysql: null }, now).level).toBe('unknown')
    expect(checkEndOfLife({ php: '9.9.1', mysql: null }, now)).toMatchObject({ level: 'unknown', details: { products: [{ product: 'php', cycle: null }] } })
  })
  it('carries its source and as-of date for the credits', () => {
    expect(EOL_AS_OF).toBe('2026-08-22')
    expect(EOL_CREDIT).toMatch(/endoflife\.date \(MIT licence/)
  })
})

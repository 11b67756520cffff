import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { defaultHealthNetwork, isLoopbackAddress, loopbackNetwork, OffMachineRefusedError, systemNetwork } from '../../../../src/core/health/health-network'
import { attemptReachability } from '../../../../src/core/health/reachability-check'
import { checkDns } from '../../../../src/core/health/dns-check'
import { checkTls } from '../../../../src/core/health/tls-check'

describe('the loopback-only network', () => {
  it('is the default under the test runner', async () => {
    const network = defaultHealthNetwork()
    await expect(network.resolve('example.com')).rejects.toThrow(OffMachineRefusedError)
    await expect(network.connect({ address: '93.184.215.14', port: 80, timeoutMs: 100 })).rejects.toThrow(/refused a connection to 93\.184\.215\.14/)
    expect(await network.resolve('localhost')).toEqual([{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }])
  })

  it('refuses names that resolve off the machine, and addresses outside 127.0.0.0/8 and ::1', async () => {
    const network = loopbackNetwork({ hosts: { 'lan.test': ['192.168.1.10'] } })
    await expect(network.resolve('lan.test')).rejects.toThrow(OffMachineRefusedError)
    await expect(network.resolve('10.0.0.1')).rejects.toThrow(OffMachineRefusedError)
    await expect(network.connect({ address: '::2', port: 443, timeoutMs: 100 })).rejects.toThrow(OffMachineRefusedError)
    expect(isLoopbackAddress('127.8.9.10')).toBe(true)
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true)
    expect(isLoopbackAddress('128.0.0.1')).toBe(false)
  })

  it('makes every check throw the refusal instead of turning it into a finding', async () => {
    const network = loopbackNetwork()
    const options = { network, userAgent: 'x', timeoutMs: 100, slowThresholdMs: 1000, lookFor: null }
    await expect(attemptReachability('https://www.example.com/', options)).rejects.toThrow(OffMachineRefusedError)
    await expect(checkTls('https://www.example.com/', { network, nowMs: 0, warningDays: 14, timeoutMs: 100 })).rejects.toThrow(OffMachineRefusedError)
    await expect(checkDns('https://www.example.com/', null, network)).rejects.toThrow(OffMachineRefusedError)
  })
})

describe("the system's network (the app's default outside tests)", () => {
  it('is chosen without a test runner or SITE_MANAGER_LOOPBACK_ONLY, and connects (tried here on loopback literals only)', async () => {
    const network = defaultHealthNetwork({})
    await expect(network.resolve('::1')).resolves.toEqual([{ address: '::1', family: 6 }])
    await expect(defaultHealthNetwork({ SITE_MANAGER_LOOPBACK_ONLY: '1' }).resolve('example.com')).rejects.toThrow(OffMachineRefusedError)
    const server = createServer((socket) => socket.end())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const socket = await systemNetwork().connect({ address: '127.0.0.1', port: (server.address() as AddressInfo).port, timeoutMs: 1000 })
      expect(socket.remoteAddress).toBe('127.0.0.1')
      socket.destroy()
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

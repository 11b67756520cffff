// KeytarHost: keytar in a child process of its own. libsecret keeps its connection to the
// keychain daemon for the life of the process, so after the daemon restarts every call in
// that process fails until the app restarts; a fresh child reaches the new daemon. A stand-in
// keytar module (fixtures/fake-keytar-module.cjs) behaves like libsecret in that.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KeytarHost } from '../../../../src/core/secrets'

const fakeModule = join(import.meta.dirname, 'fixtures', 'fake-keytar-module.cjs')
let folder = ''
let stateFile = ''
const hosts: KeytarHost[] = []

interface FakeState {
  generation: number
  hang: boolean
  tokens: Record<string, string>
}

function state(): FakeState {
  return JSON.parse(readFileSync(stateFile, 'utf8')) as FakeState
}
function setState(change: Partial<FakeState>): void {
  writeFileSync(stateFile, JSON.stringify({ ...state(), ...change }))
}
function host(): KeytarHost {
  const made = new KeytarHost({ modulePath: fakeModule, env: { ...process.env, FAKE_KEYTAR_STATE: stateFile } })
  hosts.push(made)
  return made
}

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'keytar-host-'))
  stateFile = join(folder, 'state.json')
  writeFileSync(stateFile, JSON.stringify({ generation: 1, hang: false, tokens: {} }))
})
afterEach(() => {
  for (const made of hosts.splice(0)) made.close()
  rmSync(folder, { recursive: true, force: true })
})

describe('KeytarHost', () => {
  it('stores, reads and deletes through its child process', async () => {
    const keytar = host()
    expect(await keytar.getPassword('svc', 'a')).toBeNull()
    await keytar.setPassword('svc', 'a', 'token-a')
    expect(await keytar.getPassword('svc', 'a')).toBe('token-a')
    expect(state().tokens).toEqual({ a: 'token-a' })
    expect(await keytar.deletePassword('svc', 'a')).toBe(true)
    expect(await keytar.getPassword('svc', 'a')).toBeNull()
  })

  it('reaches a restarted keychain daemon, where keytar in this process stays cut off', async () => {
    // The stand-in loaded in this process, as keytar is under Electron.
    process.env.FAKE_KEYTAR_STATE = stateFile
    const inProcess = createRequire(import.meta.url)(fakeModule) as KeytarHost
    delete process.env.FAKE_KEYTAR_STATE
    const keytar = host()
    await keytar.setPassword('svc', 'a', 'token-a')
    expect(await inProcess.getPassword('svc', 'a')).toBe('token-a')

    setState({ generation: 2 })

    await expect(inProcess.getPassword('svc', 'a')).rejects.toThrow(/was not provided/)
    await expect(inProcess.getPassword('svc', 'a')).rejects.toThrow(/was not provided/)
    expect(await keytar.getPassword('svc', 'a')).toBe('token-a')
    await keytar.setPassword('svc', 'b', 'token-b')
    expect(state().tokens).toEqual({ a: 'token-a', b: 'token-b' })
  })

  it('ends a call that overran its deadline by ending its child; the next call gets a new one', async () => {
    const keytar = host()
    await keytar.setPassword('svc', 'a', 'token-a')
    setState({ hang: true })
    const stuck = keytar.getPassword('svc', 'a')
    const failed = stuck.then(
      () => 'answered',
      (error: Error) => error.message,
    )
    // Give the child time to take the call up.
    await new Promise((resolve) => setTimeout(resolve, 50))
    keytar.abandon()
    expect(await failed).toMatch(/stopped/)

    setState({ hang: false })
    expect(await keytar.getPassword('svc', 'a')).toBe('token-a')
  })

  it('reports a keytar module that cannot be loaded as a failed call', async () => {
    const keytar = new KeytarHost({ modulePath: join(folder, 'missing-keytar.js') })
    hosts.push(keytar)
    await expect(keytar.getPassword('svc', 'a')).rejects.toThrow(/Cannot find module/)
  })
})

// KeytarSecretStore against a real Secret Service. The whole vitest run happens inside a
// private D-Bus session with an unlocked gnome-keyring (see the test harness); the failure
// cases run the store in child processes with no bus, or a bus whose keyring is locked.
import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { KeytarSecretStore } from '../../../../src/core/secrets'
import { AppErrorException } from '../../../../src/core/errors'
import { hasCommand } from './support/has-command'

const hasBus = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS)
const probe = join(import.meta.dirname, 'fixtures', 'keytar-probe.ts')
const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx')

interface ProbeAnswer {
  ok: boolean
  error?: { code: string; message: string }
}

function runProbe(command: string, args: string[], env: NodeJS.ProcessEnv): ProbeAnswer {
  const run = spawnSync(command, args, { env, encoding: 'utf8', timeout: 60_000 })
  const line = run.stdout.trim().split('\n').pop() ?? ''
  try {
    return JSON.parse(line) as ProbeAnswer
  } catch {
    throw new Error(`probe printed no answer (status ${run.status}): ${run.stderr}`)
  }
}

/** An environment without the test's session bus and without X11, in throwaway XDG folders. */
function isolatedEnv(folder: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env.DBUS_SESSION_BUS_ADDRESS
  delete env.DISPLAY
  for (const key of ['XDG_DATA_HOME', 'XDG_RUNTIME_DIR', 'XDG_CACHE_HOME', 'XDG_CONFIG_HOME']) env[key] = folder
  return env
}

describe('KeytarSecretStore against the real Secret Service', () => {
  it.skipIf(!hasBus)(
    'stores, reads, replaces and deletes a token (skipped only when no DBUS_SESSION_BUS_ADDRESS is set)',
    async () => {
      // A service name of its own, so the test never touches the app's real entries.
      const store = new KeytarSecretStore(`Site Manager test ${randomUUID()}`)
      const accountId = randomUUID()

      expect(await store.get(accountId)).toBeNull()
      await store.set(accountId, 'first-token')
      expect(await store.get(accountId)).toBe('first-token')
      await store.set(accountId, 'second-token')
      expect(await store.get(accountId)).toBe('second-token')
      await store.delete(accountId)
      expect(await store.get(accountId)).toBeNull()
      // Deleting what is not there is fine.
      await store.delete(accountId)
    },
  )

  it('reports keychain_unavailable, with what to do, when no session bus runs', () => {
    const folder = mkdtempSync(join(tmpdir(), 'keytar-nobus-'))
    try {
      const answer = runProbe(tsx, [probe], isolatedEnv(folder))
      expect(answer.ok).toBe(false)
      expect(answer.error?.code).toBe('keychain_unavailable')
      expect(answer.error?.message).toMatch(/^No keychain \(Secret Service\) is running on this machine/)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('says no Secret Service is running, not that it is locked, when the session bus address leads nowhere', () => {
    // A DBUS_SESSION_BUS_ADDRESS left over from a closed session: GIO answers "Could not connect".
    const folder = mkdtempSync(join(tmpdir(), 'keytar-deadbus-'))
    try {
      const env = { ...isolatedEnv(folder), DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(folder, 'no-bus-here')}` }
      for (const args of [[probe], [probe, 'read']]) {
        const answer = runProbe(tsx, args, env)
        expect(answer.error?.code).toBe('keychain_unavailable')
        expect(answer.error?.message).toMatch(/^No keychain \(Secret Service\) is running on this machine/)
        expect(answer.error?.message).not.toMatch(/unlock/i)
      }
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('a read without a session bus fails as keychain_unavailable instead of answering "no token"', () => {
    // The difference decides between tokenState 'unavailable' (unlock or start the keychain)
    // and 'missing' (enter the token again).
    const folder = mkdtempSync(join(tmpdir(), 'keytar-nobus-read-'))
    try {
      const answer = runProbe(tsx, [probe, 'read'], isolatedEnv(folder))
      expect(answer.ok).toBe(false)
      expect(answer.error?.code).toBe('keychain_unavailable')
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it.skipIf(!hasCommand('dbus-run-session') || !hasCommand('gnome-keyring-daemon'))(
    'reports keychain_unavailable when the bus has no unlocked keyring',
    () => {
      const folder = mkdtempSync(join(tmpdir(), 'keytar-locked-'))
      try {
        const answer = runProbe('dbus-run-session', ['--', tsx, probe], isolatedEnv(folder))
        expect(answer.ok).toBe(false)
        expect(answer.error?.code).toBe('keychain_unavailable')
        // The daemon runs (the bus starts it) but has no unlocked keyring: locked, not absent.
        expect(answer.error?.message).toMatch(/^The system keychain is locked\. Unlock it/)
      } finally {
        rmSync(folder, { recursive: true, force: true })
      }
    },
  )

  it('turns a keytar module that cannot load into keychain_unavailable, and retries the load', async () => {
    let loads = 0
    const store = new KeytarSecretStore('Site Manager', {
      load: async () => {
        loads += 1
        throw new Error("Cannot find module '../build/Release/keytar.node'")
      },
    })
    for (let i = 0; i < 2; i += 1) {
      const error = await store.get('x').catch((thrown: unknown) => thrown)
      expect(error).toBeInstanceOf(AppErrorException)
      expect((error as AppErrorException).appError.code).toBe('keychain_unavailable')
      expect((error as AppErrorException).appError.message).toMatch(/Reinstall the app/)
    }
    expect(loads).toBe(2)
  })
})

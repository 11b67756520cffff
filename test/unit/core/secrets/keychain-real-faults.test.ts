// The real gnome-keyring under the keychain's faults (locked, missing, no answer), each in a D-Bus session and keyring of
// its own (locking or restarting the shared test keyring would disturb the tests running
// beside this one): a locked keyring whose unlock prompt never answers (a headless machine:
// the prompter is a stand-in that never replies), and a keyring daemon restarted under the app.
import { spawnSync } from 'node:child_process'
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hasCommand } from './support/has-command'

const probe = join(import.meta.dirname, 'fixtures', 'keychain-fault-probe.ts')
const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx')

const canRun = ['dbus-run-session', 'gnome-keyring-daemon', 'gdbus'].every(hasCommand)

/** A session bus whose unlock prompter is activated but never answers, like one with no display. */
function silentPrompterBus(folder: string): string {
  const services = join(folder, 'services')
  mkdirSync(services)
  const prompter = join(folder, 'prompter.sh')
  writeFileSync(prompter, '#!/bin/sh\nexec sleep 15 </dev/null >/dev/null 2>&1\n')
  chmodSync(prompter, 0o755)
  writeFileSync(
    join(services, 'org.gnome.keyring.SystemPrompter.service'),
    `[D-BUS Service]\nName=org.gnome.keyring.SystemPrompter\nExec=${prompter}\n`,
  )
  const config = join(folder, 'bus.conf')
  writeFileSync(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=${folder}</listen>
  <servicedir>${services}</servicedir>
  <standard_session_servicedirs/>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`,
  )
  return config
}

/** Runs the probe in a new session bus with a new unlocked keyring, in throwaway XDG folders. */
function runProbe(mode: string, options: { silentPrompter?: boolean } = {}): Record<string, unknown> {
  const folder = mkdtempSync(join(tmpdir(), 'keyring-fault-'))
  try {
    const env: NodeJS.ProcessEnv = { ...process.env }
    delete env.DBUS_SESSION_BUS_ADDRESS
    delete env.DISPLAY
    for (const key of ['XDG_DATA_HOME', 'XDG_RUNTIME_DIR', 'XDG_CACHE_HOME', 'XDG_CONFIG_HOME']) {
      env[key] = join(folder, key)
      mkdirSync(env[key], { mode: 0o700 })
    }
    const config = options.silentPrompter ? [`--config-file=${silentPrompterBus(folder)}`] : []
    // The answer goes to a file, not a pipe: the prompter stand-in outlives the session by a
    // few seconds, and a pipe it inherited would keep spawnSync waiting for it.
    const output = join(folder, 'answer.txt')
    const fd = openSync(output, 'w')
    const run = spawnSync(
      'dbus-run-session',
      [
        ...config,
        '--',
        'sh',
        '-c',
        'echo keyring-password-for-tests | gnome-keyring-daemon --unlock --components=secrets --daemonize >/dev/null 2>&1; exec "$@"',
        'probe',
        tsx,
        probe,
        mode,
      ],
      { env, stdio: ['ignore', fd, fd], timeout: 25_000 },
    )
    closeSync(fd)
    const printed = readFileSync(output, 'utf8')
    const line = printed.trim().split('\n').pop() ?? ''
    try {
      return JSON.parse(line) as Record<string, unknown>
    } catch {
      throw new Error(`probe printed no answer (status ${run.status}, signal ${run.signal}): ${printed}`)
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

describe.skipIf(!canRun)('the real gnome-keyring under faults', () => {
  it('a locked keyring whose prompt never answers: the list answers within seconds as unavailable, and file reads go on', { timeout: 30_000 }, () => {
    const answer = runProbe('locked', { silentPrompter: true })
    expect(answer).not.toHaveProperty('timedOut')
    expect(answer).not.toHaveProperty('error')
    const app = answer.app as { states: string[]; listMs: number; readMs: number }
    const inProcess = answer.inProcess as { states: string[]; listMs: number; readMs: number; calls: number }

    // As the app makes its store: the default deadline, 4 s.
    expect(app.states).toEqual(Array(5).fill('unavailable'))
    expect(app.listMs).toBeLessThan(6000)
    expect(app.readMs).toBeLessThan(1000)

    // keytar in this process, a 1 s deadline: one call started, so three of the pool's four
    // threads stay free for file reads and writes.
    expect(inProcess.states).toEqual(Array(5).fill('unavailable'))
    expect(inProcess.listMs).toBeLessThan(2500)
    expect(inProcess.calls).toBe(1)
    expect(inProcess.readMs).toBeLessThan(1000)
  })

  it('a keyring daemon restarted under the app: the token is read again without restarting the app', { timeout: 30_000 }, () => {
    const answer = runProbe('restart')
    expect(answer).not.toHaveProperty('timedOut')
    expect(answer).not.toHaveProperty('error')
    expect(answer.newDaemon).toBe(true)
    expect(answer.before).toBe('token-before')
    expect(answer.after).toBe('token-before')
    expect(answer.states).toEqual(['ok'])
  })
})

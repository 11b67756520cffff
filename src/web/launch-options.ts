// Command-line options of the web shell:
//   --port N  --data-dir DIR  --token T  --no-open  --demo  --demo-interval-ms N
import { homedir } from 'node:os'
import { isAbsolute, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { isUsableToken } from './access-token'

export interface LaunchOptions {
  port: number
  dataDir: string
  /** Null: make a fresh random one. */
  token: string | null
  open: boolean
  demo: boolean
  /**
   * How often the demo workspace's monitoring records new events; null: core's default (about
   * 25 s). Shorter for tests and demos that should not wait for live events.
   */
  demoIntervalMs: number | null
}

/** Bounds of --demo-interval-ms: faster would flood the feed, slower would look dead. */
export const DEMO_INTERVAL_MIN_MS = 500
export const DEMO_INTERVAL_MAX_MS = 3_600_000

export class LaunchOptionsError extends Error {}

/** Per user, apart from the desktop app's userData: $XDG_DATA_HOME or ~/.local/share. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const base = env.XDG_DATA_HOME && isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : join(home, '.local', 'share')
  return join(base, 'site-manager-web')
}

export function parseLaunchOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): LaunchOptions {
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        token: { type: 'string' },
        'no-open': { type: 'boolean', default: false },
        demo: { type: 'boolean', default: false },
        'demo-interval-ms': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    throw new LaunchOptionsError(error instanceof Error ? error.message : String(error))
  }

  const port = parsePort(values.port)
  const token = values.token ?? null
  if (token !== null && !isUsableToken(token)) {
    throw new LaunchOptionsError('--token must be 16 to 256 characters of A-Z, a-z, 0-9, "-" and "_".')
  }
  const demoIntervalMs = parseDemoInterval(values['demo-interval-ms'])
  return {
    port,
    dataDir: values['data-dir'] ? resolve(values['data-dir']) : defaultDataDir(env),
    token,
    open: !values['no-open'],
    demo: values.demo,
    demoIntervalMs,
  }
}

/** The lowest --port taken; below are the system's ports, :80 among them (see parsePort). */
export const MIN_PORT = 1024

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 0
  const port = /^\d+$/.test(raw) ? Number(raw) : NaN
  if (!Number.isInteger(port) || port > 65535) {
    throw new LaunchOptionsError(`--port must be a number from ${MIN_PORT} to 65535 (0 picks a free one), not "${raw}".`)
  }
  // The shell accepts only requests whose Host and Origin name 127.0.0.1:PORT exactly, and
  // browsers leave a default port such as :80 out of both, so every request would be refused;
  // the other low ports need root. Refused here rather than starting a shell nobody can use.
  if (port !== 0 && port < MIN_PORT) {
    throw new LaunchOptionsError(
      `--port ${port} cannot be used: the web shell needs a port from ${MIN_PORT} to 65535 (browsers leave :80 out of the address, and the other ports below ${MIN_PORT} need root). Leave --port out to get a free one.`,
    )
  }
  return port
}

function parseDemoInterval(raw: string | undefined): number | null {
  if (raw === undefined) return null
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(value) || value < DEMO_INTERVAL_MIN_MS || value > DEMO_INTERVAL_MAX_MS) {
    throw new LaunchOptionsError(
      `--demo-interval-ms must be a whole number of milliseconds from ${DEMO_INTERVAL_MIN_MS} to ${DEMO_INTERVAL_MAX_MS}, not "${raw}".`,
    )
  }
  return value
}

// The command line of `npm run server -- ...`, turned into ReferenceServerOptions.
import { parseArgs } from 'node:util'
import type { ReferenceServerOptions } from './types'

export const USAGE = `Usage: npm run server -- [options]
  --port N               port to listen on (default 0 = any free port)
  --host H               loopback address (default 127.0.0.1)
  --seed S               seed for deterministic demo data (e.g. demo); gives 60 sites by default
  --sites N --tags N --events N   size of the first account's portfolio
  --accounts N           number of accounts/tokens (default 2)
  --token T              a fixed token (repeat for more accounts)
  --data FILE            persist state in FILE (loaded at start when it exists)
  --per-page N           page size (default 15)
  --no-logs-quirk        GET /logs links point at /logs instead of /sites/<id>/logs
  --monitor-interval-ms N  run a monitoring pass every N ms
  --latency-ms N --rate-limit N --failure-rate X --slow-body-ms N
  --malformed-json --html-error-page   faults, all off by default
  --stats                serve GET /__stats (requests, answers by status, CPU, memory) for benchmarks
The first line on stdout is JSON: {"baseUrl": ..., "tokens": [...]}`

function whole(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  if (!/^\d+$/.test(text)) throw new Error(`--${name} needs a whole number, got "${text}"`)
  return Number(text)
}

export function parseCliArgs(argv: string[]): ReferenceServerOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      sites: { type: 'string' },
      tags: { type: 'string' },
      events: { type: 'string' },
      accounts: { type: 'string' },
      token: { type: 'string', multiple: true },
      data: { type: 'string' },
      'per-page': { type: 'string' },
      'no-logs-quirk': { type: 'boolean' },
      'monitor-interval-ms': { type: 'string' },
      'latency-ms': { type: 'string' },
      'rate-limit': { type: 'string' },
      'failure-rate': { type: 'string' },
      'slow-body-ms': { type: 'string' },
      'malformed-json': { type: 'boolean' },
      'html-error-page': { type: 'boolean' },
      stats: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return 'help'
  const failureRate = values['failure-rate'] === undefined ? undefined : Number(values['failure-rate'])
  if (failureRate !== undefined && !(failureRate >= 0 && failureRate <= 1)) {
    throw new Error(`--failure-rate needs a number within 0..1, got "${values['failure-rate']}"`)
  }
  const interval = whole('monitor-interval-ms', values['monitor-interval-ms'])
  const rateLimit = whole('rate-limit', values['rate-limit'])
  const options: ReferenceServerOptions = {
    port: whole('port', values.port),
    host: values.host,
    seed: values.seed,
    sites: whole('sites', values.sites),
    tags: whole('tags', values.tags),
    events: whole('events', values.events),
    accounts: whole('accounts', values.accounts),
    tokens: values.token,
    dataFile: values.data,
    perPage: whole('per-page', values['per-page']),
    logsLinkQuirk: values['no-logs-quirk'] ? false : undefined,
    monitoring: interval ? { intervalMs: interval } : undefined,
    stats: values.stats ? true : undefined,
    faults: {
      latencyMs: whole('latency-ms', values['latency-ms']),
      rateLimitPerMinute: rateLimit === undefined || rateLimit === 0 ? undefined : rateLimit,
      failureRate,
      slowBodyMs: whole('slow-body-ms', values['slow-body-ms']),
      malformedJson: values['malformed-json'],
      htmlErrorPage: values['html-error-page'],
    },
  }
  return dropUndefined(options)
}

/** Leaves out what was not given, so the server's defaults apply (a spread would overwrite them). */
function dropUndefined<T extends object>(value: T): T {
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, typeof v === 'object' && v !== null && !Array.isArray(v) ? dropUndefined(v) : v])
  return Object.fromEntries(entries) as T
}

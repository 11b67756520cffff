// What may never reach the log file: tokens, Authorization headers, passwords and private
// keys. Three rules, each enough on its own for what it covers:
//   1. fields named like a secret are replaced, at any depth (redactFields, and pino's own
//      `redact` paths as a second net);
//   2. values core has seen used as secrets (every token an API client is made with or the
//      keychain answers, every private_key sent) are replaced wherever they appear, a thrown
//      error's message and stack included (SecretScrubber.register);
//   3. shapes that are secrets whoever wrote them: `Bearer …`, `token=…` in addresses and
//      cookies, PEM private key blocks (SecretScrubber.scrub).

export const REDACTED = '[Redacted]'

/** Field names whose value is a secret, whatever their case. */
const SECRET_FIELD = /^(?:token|access_?token|refresh_?token|authorization|private_?key|password|passphrase|secret|cookie|set-cookie)$/i

/** Field names for pino's `redact` (exact spelling: its paths are case-sensitive). */
const PINO_SECRET_FIELDS = ['token', 'authorization', 'Authorization', 'private_key', 'privateKey', 'password', 'cookie', 'Cookie']
/** How deep pino's paths reach; redactFields has no limit within MAX_DEPTH. */
const PINO_DEPTH = 8

export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name)
}

/** pino `redact` paths: each secret field name at the top and under up to PINO_DEPTH levels. */
export function pinoRedactPaths(): string[] {
  const paths: string[] = []
  for (const field of PINO_SECRET_FIELDS) {
    for (let depth = 0; depth <= PINO_DEPTH; depth++) paths.push([...Array<string>(depth).fill('*'), field].join('.'))
  }
  return paths
}

/** Beyond this depth a value is summarised: log fields are small records, not data dumps. */
const MAX_DEPTH = 10
const MAX_STRING = 4_000
const MAX_ITEMS = 50

/**
 * A copy of log fields that is safe to serialise: secret-named fields replaced at any depth,
 * errors turned into plain records, long strings and arrays cut, cycles and depth bounded.
 */
export function redactFields(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… (${value.length} characters)` : value
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'function' || typeof value === 'symbol') return undefined
  if (value === null || typeof value !== 'object') return value
  if (seen.has(value)) return '[Circular]'
  if (depth >= MAX_DEPTH) return '[Too deep]'
  seen.add(value)
  try {
    if (value instanceof Error) return redactFields(errorFields(value), depth + 1, seen)
    if (value instanceof Date) return value.toISOString()
    if (Array.isArray(value)) {
      const items = value.slice(0, MAX_ITEMS).map((item) => redactFields(item, depth + 1, seen))
      if (value.length > MAX_ITEMS) items.push(`… ${value.length - MAX_ITEMS} more`)
      return items
    }
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      out[key] = isSecretField(key) ? REDACTED : redactFields(item, depth + 1, seen)
    }
    return out
  } finally {
    seen.delete(value)
  }
}

/** A thrown value as a log record: name, message, code, status, stack, and its cause's. */
export function errorFields(thrown: unknown, depth = 0): Record<string, unknown> {
  if (!(thrown instanceof Error)) return { thrown: typeof thrown === 'string' ? thrown : String(thrown) }
  const record: Record<string, unknown> = { name: thrown.name, message: thrown.message }
  const extra = thrown as Error & { code?: unknown; appError?: { code?: unknown; status?: unknown } }
  if (typeof extra.code === 'string' || typeof extra.code === 'number') record.code = extra.code
  if (extra.appError) {
    record.code = extra.appError.code
    if (extra.appError.status !== undefined) record.status = extra.appError.status
  }
  if (thrown.stack) record.stack = thrown.stack
  if (thrown.cause !== undefined && depth < 3) record.cause = errorFields(thrown.cause, depth + 1)
  return record
}

/** Shortest value learned as a secret: shorter strings are too common to replace everywhere. */
const MIN_SECRET_LENGTH = 8
/** Most secrets remembered; the oldest are forgotten first (a long session adding many). */
const MAX_SECRETS = 500

const PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  // PEM private keys, also cut short: "-----BEGIN … PRIVATE KEY-----" to its END line or the end.
  [/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g, '[Redacted private key]'],
  // Authorization header values.
  [/\b(Bearer)(\s+)[A-Za-z0-9\-._~+/]+=*/gi, `$1$2${REDACTED}`],
  // token=… in an address or a cookie (site_manager_token_8799=…, access_token=…).
  [/(token[\w-]*=)[^&\s"'\\;,]+/gi, `$1${REDACTED}`],
  // "token":"…" and the like inside a string that holds JSON (an error message quoting a body).
  [
    /(\\*"(?:token|access_token|authorization|private_key|password)\\*"\s*:\s*\\*")(?:[^"\\]|\\(?!"))*/gi,
    `$1${REDACTED}`,
  ],
]

export class SecretScrubber {
  /** value -> the forms it takes in a log line (as is, JSON-escaped, URL-encoded). */
  private readonly secrets = new Map<string, string[]>()

  /** Remembers a value to be replaced wherever it appears from now on. */
  register(value: unknown): void {
    if (typeof value !== 'string') return
    const secret = value.trim()
    if (secret.length < MIN_SECRET_LENGTH || this.secrets.has(secret)) return
    const forms = new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])
    // Multi-line secrets (private keys) also by each long line, should one be quoted alone.
    for (const line of secret.split(/\r?\n/)) {
      if (line.trim().length >= 16) forms.add(line.trim())
    }
    this.secrets.set(secret, [...forms].sort((a, b) => b.length - a.length))
    if (this.secrets.size > MAX_SECRETS) this.secrets.delete(this.secrets.keys().next().value as string)
  }

  /** The text with every learned secret and every secret shape replaced. */
  scrub(text: string): string {
    let out = text
    for (const forms of this.secrets.values()) {
      for (const form of forms) {
        if (out.includes(form)) out = out.split(form).join(REDACTED)
      }
    }
    for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement)
    return out
  }
}

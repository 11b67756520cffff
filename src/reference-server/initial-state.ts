// Where the state comes from at start: the data file when it exists, else the seeded
// generator with the counts the options ask for (defaults: no seed = empty accounts; a seed =
// a demo portfolio of 60 sites).
import { randomBytes } from 'node:crypto'
import type { ServerState } from './model'
import { loadState } from './persistence'
import { generateState } from './seed/generate'
import type { ReferenceServerOptions } from './types'

export const DEFAULT_ACCOUNTS = 2
export const DEFAULT_SEEDED_SITES = 60
/** Without a seed the generator still needs one; data is then deterministic but plain. */
export const FALLBACK_SEED = 'reference'

export interface InitialState {
  state: ServerState
  /** True when the state was generated now and not yet saved. */
  fresh: boolean
}

function randomToken(): string {
  return randomBytes(24).toString('hex')
}

export async function resolveInitialState(options: ReferenceServerOptions, anchor: Date): Promise<InitialState> {
  const loaded = options.dataFile ? await loadState(options.dataFile) : null
  if (loaded) {
    // Fixed tokens win over the saved ones, so a workspace can pin them across restarts.
    options.tokens?.forEach((token, index) => {
      const account = loaded.accounts[index]
      if (account) account.token = token
    })
    return { state: loaded, fresh: false }
  }
  const accounts = Math.max(options.accounts ?? DEFAULT_ACCOUNTS, options.tokens?.length ?? 0, 1)
  const tokens = Array.from({ length: accounts }, (_, i) => options.tokens?.[i] ?? randomToken())
  if (new Set(tokens).size !== tokens.length) throw new Error('tokens must be distinct: each one is an account')
  const sites = options.sites ?? (options.seed !== undefined ? DEFAULT_SEEDED_SITES : 0)
  const tags = options.tags ?? (sites > 0 ? Math.min(8, Math.max(2, Math.ceil(sites / 6))) : 0)
  const events = options.events ?? sites * 4
  for (const [name, value] of Object.entries({ sites, tags, events })) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number >= 0, got ${value}`)
  }
  const state = generateState({ seed: options.seed ?? FALLBACK_SEED, tokens, size: { sites, tags, events }, anchor })
  return { state, fresh: true }
}

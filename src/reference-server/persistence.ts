// Keeps the server state in a JSON file: loaded at start when it exists, rewritten after
// changes. Writes are atomic and durable (writeFileAtomic of src/node-utils: temporary file,
// fsync, rename), so a crash mid-write leaves the previous file intact; bursts of changes coalesce.
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { writeFileAtomic } from '../node-utils/atomic-write'
import { resourceId, serverInfoSchema, siteEventSchema, siteHead, siteTail, tagSchema } from '../shared/api-shapes'
import type { ServerState, StoredSite } from './model'
import { STATE_VERSION } from './model'

// The spec's shapes (tags, events, a site's served fields) are the ones core checks the API's
// answers with (shared/api-shapes.ts); a stored site adds what the server keeps but never serves.
const storedSiteSchema = z.object({
  ...siteHead,
  tagIds: z.array(resourceId),
  server: serverInfoSchema,
  ...siteTail,
  cms_id: z.number().int().nullable(),
  has_private_key: z.boolean(),
  look_for_string: z.string().nullable(),
  extensions: z.array(z.object({ name: z.string(), version: z.string(), available: z.string().nullable() })),
}) satisfies z.ZodType<StoredSite>

const stateSchema = z.object({
  version: z.literal(STATE_VERSION),
  nextIds: z.object({ site: resourceId, tag: resourceId, event: resourceId }),
  accounts: z.array(
    z.object({
      token: z.string().min(1),
      tags: z.array(tagSchema),
      sites: z.array(storedSiteSchema),
      events: z.array(siteEventSchema),
    }),
  ),
}) satisfies z.ZodType<ServerState>

/** The saved state, or null when the file does not exist. A broken file is an error, not a reset. */
export async function loadState(file: string): Promise<ServerState | null> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  const parsed = stateSchema.safeParse(JSON.parse(text))
  if (!parsed.success) throw new Error(`${file} is not a reference server state file: ${parsed.error.message}`)
  return parsed.data
}

// The file holds every account's bearer token: readable by its owner only (0600), and flushed
// to disk before the rename so a power cut cannot leave an empty or half-written file.
export async function saveStateAtomically(file: string, state: ServerState): Promise<void> {
  await writeFileAtomic(file, JSON.stringify(state, null, 1), 0o600)
}

/** Coalesces change notifications into sequential atomic writes. */
export class StateWriter {
  private running: Promise<void> | null = null
  private dirty = false
  private lastError: unknown = null

  constructor(
    private readonly file: string,
    private readonly state: () => ServerState,
  ) {}

  schedule(): void {
    this.dirty = true
    if (!this.running) this.running = this.drain()
  }

  /** Waits until everything scheduled so far is on disk; rethrows the last write error. */
  async flush(): Promise<void> {
    while (this.running) await this.running
    if (this.lastError) {
      const error = this.lastError
      this.lastError = null
      throw error
    }
  }

  private async drain(): Promise<void> {
    while (this.dirty) {
      this.dirty = false
      try {
        await saveStateAtomically(this.file, this.state())
      } catch (error) {
        this.lastError = error
      }
    }
    this.running = null
  }
}

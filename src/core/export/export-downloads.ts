// The web shell's finished exports, each waiting in a temporary file under the data folder for
// its one download. Core writes the file and answers its address (DOWNLOAD_PATH + id); the web
// shell's server takes it from here by id when the browser asks, streams it and deletes it. A
// file nobody asked for is deleted after DOWNLOAD_TTL_MS; leftovers of a crash go at start.
// The id is 32 random bytes: it names one file, once, and the shell's token is needed as well.
import { randomBytes } from 'node:crypto'
import { mkdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { DOWNLOAD_PATH } from '../../shared'

/** How long a finished export waits for its download. */
export const DOWNLOAD_TTL_MS = 5 * 60_000

export interface ExportDownload {
  /** The file on disk; `release` deletes it once it has been sent (or could not be). */
  path: string
  /** The name the browser saves it under. */
  name: string
  contentType: string
  size: number
  release(): Promise<void>
}

interface Waiting {
  path: string
  name: string
  contentType: string
  timer: ReturnType<typeof setTimeout>
}

const ID = /^[A-Za-z0-9_-]{43}$/

export class ExportDownloads {
  private readonly waiting = new Map<string, Waiting>()
  private readonly cleared: Promise<void>

  constructor(
    /** The data folder's `exports` folder, owned by this registry alone. */
    readonly folder: string,
    private readonly ttlMs = DOWNLOAD_TTL_MS,
  ) {
    // Whatever an earlier run left (a crash mid-export, a download never asked for) goes first.
    this.cleared = rm(folder, { recursive: true, force: true })
      .then(() => mkdir(folder, { recursive: true, mode: 0o700 }))
      .then(() => undefined)
  }

  /** A fresh file to write an export into, and the id it will be downloaded by. */
  async reserve(): Promise<{ id: string; path: string }> {
    await this.cleared
    const id = randomBytes(32).toString('base64url')
    return { id, path: join(this.folder, id) }
  }

  /** The file is complete: it waits for one download at the address answered. */
  ready(id: string, path: string, name: string, contentType: string): string {
    const timer = setTimeout(() => {
      this.waiting.delete(id)
      void rm(path, { force: true })
    }, this.ttlMs)
    timer.unref?.()
    this.waiting.set(id, { path, name, contentType, timer })
    return `${DOWNLOAD_PATH}${id}`
  }

  /** The waiting file of `id`, handed over once: a second ask for it finds nothing. */
  async take(id: string): Promise<ExportDownload | null> {
    if (!ID.test(id)) return null
    const found = this.waiting.get(id)
    if (found === undefined) return null
    this.waiting.delete(id)
    clearTimeout(found.timer)
    const release = () => rm(found.path, { force: true })
    try {
      const { size } = await stat(found.path)
      return { path: found.path, name: found.name, contentType: found.contentType, size, release }
    } catch {
      await release()
      return null
    }
  }

  /** Shutdown: nothing waits any more, and the files go. */
  async dispose(): Promise<void> {
    for (const { timer } of this.waiting.values()) clearTimeout(timer)
    this.waiting.clear()
    await this.cleared.catch(() => undefined)
    await rm(this.folder, { recursive: true, force: true })
  }
}

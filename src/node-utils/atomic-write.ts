// Settings must survive a crash or power cut mid-write: write a temp file beside the target,
// flush it to disk, then rename over the target (rename is atomic on one file system), and
// flush the folder so the rename itself is durable. An export written piece by piece takes the
// same way (openAtomicFile): whoever opens the target sees the whole file or none of it.
import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

export async function writeFileAtomic(path: string, data: string, mode = 0o600): Promise<void> {
  const dir = dirname(path)
  await mkdir(dir, { recursive: true })
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    const handle = await open(temp, 'wx', mode)
    try {
      await handle.writeFile(data, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, path)
  } catch (thrown) {
    await rm(temp, { force: true })
    throw thrown
  }
  await syncFolder(dir)
}

/** A file being written piece by piece; `commit` puts it in place, `abort` leaves nothing behind. */
export interface AtomicFile {
  write(data: string): Promise<void>
  commit(): Promise<void>
  abort(): Promise<void>
}

export async function openAtomicFile(path: string, mode = 0o600): Promise<AtomicFile> {
  const dir = dirname(path)
  await mkdir(dir, { recursive: true })
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  const handle: FileHandle = await open(temp, 'wx', mode)
  let isOpen = true
  const close = async () => {
    if (!isOpen) return
    isOpen = false
    await handle.close()
  }
  // On the way out of a failure or an abort: the error worth telling is the one already thrown.
  const closeQuietly = async () => {
    try {
      await close()
    } catch {
      // nothing more to do: the temp file is removed next
    }
  }
  return {
    write: async (data) => {
      await handle.writeFile(data, 'utf8')
    },
    commit: async () => {
      try {
        await handle.sync()
        await close()
        await rename(temp, path)
      } catch (thrown) {
        await closeQuietly()
        await rm(temp, { force: true })
        throw thrown
      }
      await syncFolder(dir)
    },
    abort: async () => {
      await closeQuietly()
      await rm(temp, { force: true })
    },
  }
}

async function syncFolder(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // Some platforms (Windows) cannot open or fsync a folder; the rename is still done.
  }
}

// How many bytes of answers one whole list read may take in. Each answer is capped on its own
// (maxBodyBytes), but a read keeps every page's items until it ends, so pages add up: a server
// sending 4.5 MB pages filled the heap after 909 pages. Past the budget the read stops with a
// bad_response that says so, instead of the process dying.
import { AppErrorException } from '../errors'

export const DEFAULT_MAX_LIST_BYTES = 256 * 1024 * 1024

function formatBytes(bytes: number): string {
  const MiB = 1024 * 1024
  return bytes >= MiB ? `${Math.round(bytes / MiB)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

export class ReadBudget {
  private spent = 0

  constructor(
    readonly maxBytes: number,
    /** The list, in words, for the message: "the list of sites". */
    private readonly what: string,
  ) {}

  /** Counts one answer's bytes; throws bad_response once the read has taken in too much. */
  spend(bytes: number): void {
    this.spent += bytes
    if (this.spent <= this.maxBytes) return
    throw new AppErrorException({
      code: 'bad_response',
      message: `Stopped reading ${this.what}: the list is larger than the app will read (${formatBytes(this.maxBytes)}). Check the account's address; if it is right, tell the server's administrator that its answers are unusually large.`,
    })
  }
}

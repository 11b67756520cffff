// The answers the last fully primed page was served with, kept in the data folder
// (web-first-answers.json), so a shell that has just started opens its first page on the last
// view's rows at once: core is cold then, and its first answers at 50,000 sites are seconds
// away. They are what core answered then, not now. A page primed with any of them reads
// everything again once it has drawn them (browser/bridge-client.ts), so core's fresh answers
// replace them; and store revisions go on from run to run
// (SqliteWorkspaceStore.revision), so a kept answer never passes for a newer one.
//
// The file holds what the page shows (site names, addresses, counts), never a token: the same
// data as the store beside it, and like it readable by its owner only.
import { readFileSync } from 'node:fs'
import type { Result } from '../shared'
import type { PrimedAnswer } from '../shared/first-screen'
import { writeFileAtomic } from '../node-utils/atomic-write'
import { errorFields } from '../core/logging/redaction'
import { silentLogger, type Logger } from '../core/util/logger'
import { parsePrimedAnswers } from './protocol'

export class KeptAnswers {
  private answers: Map<string, Result<unknown>>
  private text: string | null = null

  /** `file` null: kept in memory only (tests, a shell without a data folder). */
  constructor(
    private readonly file: string | null,
    private readonly logger: Logger = silentLogger,
  ) {
    this.answers = file === null ? new Map() : readKept(file, logger)
  }

  /** The kept answer to a call (by its callKey), if there is one. */
  get(key: string): Result<unknown> | undefined {
    return this.answers.get(key)
  }

  /**
   * A page's answers, every one of them made now: these are kept in place of the last. Failures
   * are not kept. Settles once they are in the file (never rejects: only the next launch's head
   * start could be lost).
   */
  keep(answers: readonly PrimedAnswer[]): Promise<void> {
    const kept = answers.filter(([, result]) => result.ok)
    const text = JSON.stringify({ seq: 0, answers: kept })
    if (text === this.text) return Promise.resolve()
    this.text = text
    this.answers = new Map(kept)
    if (this.file === null) return Promise.resolve()
    return writeFileAtomic(this.file, text).catch((error: unknown) => {
      this.logger.warn("Could not keep the page's first answers", { error: errorFields(error) })
    })
  }
}

/** The kept answers, or none when the file is missing or not one (a head start is never worth an error). */
function readKept(file: string, logger: Logger): Map<string, Result<unknown>> {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return new Map()
  }
  const parsed = parsePrimedAnswers(text)
  if (parsed === null) {
    logger.warn("The page's kept first answers could not be read; the next page opens without them")
    return new Map()
  }
  return new Map(parsed.answers)
}

// The window's last screen, kept by the shell and written into the next page it serves, laid
// over the app's root element: the browser paints the last view as soon as the page's head and
// stylesheets are in, before any of the app's scripts has run (the figures: DESIGN.md, "How
// data flows"). It is inert and hidden from assistive technology: a picture of the last
// view, not the app. The app mounts underneath and the bridge takes the picture away once the
// app shows its view (browser/screen-keeper.ts). A phone's app switcher does the same with a
// screenshot; this is the DOM, so it reflows to the window's size and zoom as it is now.
//
// Kept in memory as pages send it, and in the data folder (web-first-screen.json) for the next
// start, written a moment after it changes rather than for every change. It holds what the window
// showed (site names, addresses, counts), never a token: the same data as the store beside it,
// and like it readable by its owner only. A screen is used only while every stylesheet it needs
// is still in the build (each name carries its content's hash): after a rebuild it is dropped.
import { readFileSync } from 'node:fs'
import { writeFileAtomic } from '../node-utils/atomic-write'
import { errorFields } from '../core/logging/redaction'
import { silentLogger, type Logger } from '../core/util/logger'
import { parseKeptScreen, type KeptScreen } from './protocol'

/** How long after a screen arrives it is written, so a screen that changes every second is written once. */
export const KEPT_SCREEN_WRITE_DELAY_MS = 2_000

export interface KeptScreensOptions {
  /** null: in memory only (tests, a shell without a data folder). */
  file: string | null
  logger?: Logger
  writeDelayMs?: number
}

export class KeptScreens {
  private screen: KeptScreen | null
  private writeTimer: NodeJS.Timeout | null = null
  private writing: Promise<void> = Promise.resolve()
  private readonly logger: Logger

  constructor(private readonly options: KeptScreensOptions) {
    this.logger = options.logger ?? silentLogger
    this.screen = options.file === null ? null : readKept(options.file, this.logger)
  }

  /** The screen kept last, if any. */
  current(): KeptScreen | null {
    return this.screen
  }

  /** A page's screen (already checked by parseKeptScreen), kept in place of the last. */
  keep(screen: KeptScreen): void {
    this.screen = screen
    if (this.options.file === null || this.writeTimer !== null) return
    this.writeTimer = setTimeout(() => {
      this.writeTimer = null
      void this.write()
    }, this.options.writeDelayMs ?? KEPT_SCREEN_WRITE_DELAY_MS)
    this.writeTimer.unref()
  }

  /** Writes a screen still waiting for its write (the shell is closing). Never rejects. */
  async flush(): Promise<void> {
    if (this.writeTimer !== null) {
      clearTimeout(this.writeTimer)
      this.writeTimer = null
      await this.write()
    }
    await this.writing
  }

  private write(): Promise<void> {
    const { file } = this.options
    const screen = this.screen
    if (file === null || screen === null) return this.writing
    // One write at a time, in order: the last screen kept is the one left in the file.
    this.writing = this.writing.then(() =>
      writeFileAtomic(file, JSON.stringify(screen)).catch((error: unknown) => {
        this.logger.warn("Could not keep the window's last screen", { error: errorFields(error) })
      }),
    )
    return this.writing
  }
}

/** The kept screen of the file, or null when it is missing or not one (a head start is never worth an error). */
function readKept(file: string, logger: Logger): KeptScreen | null {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return null
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    value = null
  }
  const screen = parseKeptScreen(value)
  if (screen === null) logger.warn("The window's kept screen could not be read; the next page opens without it")
  return screen
}

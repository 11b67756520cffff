// The desktop app's head start (DESIGN.md, "The first screen first"), the web shell's done over
// IPC. The preload tells main the reads its page made while opening (before the person's
// first key or click, within the same window the web shell's bridge uses); main keeps them in
// the data folder (desktop-first-calls.json, apart from the web shell's list). When main
// creates the window, core starts answering the kept reads at once, and the preload, as soon
// as it runs, takes the answers with one invoke, so the page's first calls are answered before
// its scripts have finished running. Answers a push made untrue, answers not ready by the
// deadline and a second load of the page get none: its calls go over IPC as ever.
//
// Two channels of main's own, never part of window.api (shared/first-screen.ts): only the app
// window's main frame is answered, as every IPC call main answers (ipc.ts). The report's print
// window runs the same preload; it is refused quietly (nothing of the main window's is its).
import { join } from 'node:path'
import { ipcMain } from 'electron'
import { answerAhead, FirstCalls, type AnsweringCore, type AnswersAhead } from '../core/first-screen'
import { silentLogger, type Logger } from '../core/util/logger'
import { FIRST_SCREEN_ANSWERS_CHANNEL, FIRST_SCREEN_CALLS_CHANNEL, readFirstCalls, type PrimedAnswer } from '../shared/first-screen'
import { handleTrusted } from './ipc'
import type { SenderCheck } from './trusted-sender'

/** Where the desktop window's first calls are kept, in the data folder. */
export const DESKTOP_FIRST_CALLS_FILE = 'desktop-first-calls.json'

export interface DesktopFirstScreenOptions {
  dataDir: string
  core: AnsweringCore
  /** The app window's main frame: its opening calls are kept, and it gets the answers. */
  fromMainWindow: SenderCheck
  /** Any window of the app's own (the main window, the report's print window); others are refused and written down. */
  fromAppWindow: SenderCheck
  logger?: Logger
}

export interface DesktopFirstScreen {
  /** A new main window is loading its page: core starts answering the kept first calls now. */
  windowOpening(): void
  /** Removes the two channels and drops answers not taken. */
  dispose(): void
}

export function desktopFirstScreen(options: DesktopFirstScreenOptions): DesktopFirstScreen {
  const logger = options.logger ?? silentLogger
  const firstCalls = new FirstCalls({ file: join(options.dataDir, DESKTOP_FIRST_CALLS_FILE), logger })
  // The answers made for the window loading now, until its preload takes them.
  let ahead: AnswersAhead | null = null

  const none: PrimedAnswer[] = []
  handleTrusted(FIRST_SCREEN_ANSWERS_CHANNEL, options.fromAppWindow, logger, none, async (event) => {
    if (!options.fromMainWindow(event)) return none
    // Once: a reloaded page finds none (they were made for the page as it was when created).
    const taking = ahead
    ahead = null
    return taking === null ? none : taking.take()
  })
  handleTrusted<void>(FIRST_SCREEN_CALLS_CHANNEL, options.fromAppWindow, logger, undefined, async (event, calls) => {
    // Only reads, once each, up to the bound: the list is checked as a kept file is.
    if (options.fromMainWindow(event)) firstCalls.keepAll(readFirstCalls(calls))
  })

  return {
    windowOpening() {
      ahead?.drop()
      const calls = firstCalls.calls()
      ahead = calls.length === 0 ? null : answerAhead(options.core, calls)
    },
    dispose() {
      ahead?.drop()
      ahead = null
      ipcMain.removeHandler(FIRST_SCREEN_ANSWERS_CHANNEL)
      ipcMain.removeHandler(FIRST_SCREEN_CALLS_CHANNEL)
    },
  }
}

// The page's side of the desktop app's head start (main/first-screen.ts). As soon as the
// preload runs, before the page's scripts, it asks main once for the answers core made to the
// window's kept first calls; each then answers the page's matching call once, with no IPC
// round trip. They say how things were when core made them, so they are used only while that
// still holds: once the page is done opening (the person's first key, click or typing, or the
// noting window has passed) or a push says what they said may no longer be so, the calls go
// over IPC as ever. A call whose input differs (the person changed the view since) goes over
// IPC too. Meanwhile the calls the page makes while opening are noted, reads only, and told
// to main once it is done opening, so the next window is primed with them (as the web shell's
// bridge marks them `opening`).
import type { Invoke } from '../shared'
import {
  FIRST_CALLS_WINDOW_MS,
  FIRST_SCREEN_ANSWERS_CHANNEL,
  FIRST_SCREEN_CALLS_CHANNEL,
  isPrimedAnswerList,
  OpeningCalls,
  OPENING_ENDS_ON,
  PrimedAnswerBook,
  SPOILING_PUSHES,
} from '../shared/first-screen'

/** What the head start uses of ipcRenderer (its tests pass a stand-in). */
export interface HeadStartIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>
  on(channel: string, listener: () => void): unknown
  removeListener(channel: string, listener: () => void): unknown
}

/** Where the person's first key or click is heard, and the page going away (the window). */
export interface OpeningPage {
  addEventListener(type: string, listener: () => void, options: { capture?: boolean; once: true }): void
}

export interface HeadStartOptions {
  ipc: HeadStartIpc
  page: OpeningPage
  /** How long the page counts as opening at most. */
  windowMs?: number
}

/**
 * Starts the head start now and answers the Invoke the page's calls go through: from the
 * primed answers once each while they hold, else by `over` (IPC). A call made while the
 * answers are on their way waits for them: main hands them out by its deadline.
 */
export function headStart(over: Invoke, options: HeadStartOptions): Invoke {
  const { ipc, page } = options
  const book = new PrimedAnswerBook()
  const noted = new OpeningCalls()
  // Listening before asking: a push main sends after its answer arrives after it, and drops them.
  const stopListening = SPOILING_PUSHES.map((event) => {
    const heard = (): void => book.heard(event)
    ipc.on(event, heard)
    return () => ipc.removeListener(event, heard)
  })
  let answers: Promise<void> | null = ipc
    .invoke(FIRST_SCREEN_ANSWERS_CHANNEL)
    .then(
      (value) => {
        if (isPrimedAnswerList(value)) for (const [key, answer] of value) book.add(key, answer)
      },
      // None: the page's calls go over IPC.
      () => {},
    )
    .then(() => {
      answers = null
    })

  let opening = true
  const endOpening = (): void => {
    if (!opening) return
    opening = false
    clearTimeout(timer)
    book.close()
    for (const stop of stopListening) stop()
    const calls = noted.calls()
    // Only the next window's head start depends on it: a failure changes nothing here.
    if (calls.length > 0) ipc.invoke(FIRST_SCREEN_CALLS_CHANNEL, calls).catch(() => {})
  }
  const timer = setTimeout(endOpening, options.windowMs ?? FIRST_CALLS_WINDOW_MS)
  for (const type of OPENING_ENDS_ON) page.addEventListener(type, endOpening, { capture: true, once: true })
  page.addEventListener('pagehide', endOpening, { once: true })

  return async (channel, input) => {
    if (opening) noted.note(channel, input)
    if (answers !== null) await answers
    return book.take(channel, input) ?? over(channel, input)
  }
}

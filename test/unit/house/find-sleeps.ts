// Finds waits on the wall clock in test code. A test that sleeps is slow when the machine is
// idle and flaky when it is loaded; it should wait for the event it means (expect.poll,
// vi.waitFor, a promise the code settles) or move a fake clock (vi.useFakeTimers).
//
// What counts as a sleep, with a literal duration over the limit:
//   page.waitForTimeout(N)                      Playwright's fixed wait
//   setTimeout(resolve, N)                      a promise resolved by a timer (the callback is a
//                                               bare name, so nothing else happens when it fires)
//   setTimeout(N) / scheduler.wait(N)           node:timers/promises
//   sleep(N), delay(N), wait(N), pause(N)       the usual helper names, and any function the same
//                                               file defines around setTimeout(resolve, ms)
// Not a sleep: a timer that does something when it fires (a watchdog that kills a hung
// process, a deadline that rejects), `test.setTimeout(N)` (a limit, not a wait), and waits of a
// computed length. A file that fakes timers is not exempt: a sleep there is real until the fake
// starts, and a faked one reads better as vi.advanceTimersByTime.

export const SLEEP_LIMIT_MS = 50

export interface Sleep {
  line: number
  ms: number
  text: string
}

const NUMBER = String.raw`(\d[\d_]*)`
const HELPER_NAMES = ['sleep', 'delay', 'wait', 'pause']

/** Names of the functions this source defines as `(ms) => new Promise(r => setTimeout(r, ms))`. */
function sleepHelpers(source: string): string[] {
  const names = new Set(HELPER_NAMES)
  const definition = /(?:function\s+(\w+)|(?:const|let)\s+(\w+)\s*=)[^\n]*\n?[^\n]*setTimeout\(\s*\w+\s*,\s*[A-Za-z_]\w*\s*\)/g
  for (const match of source.matchAll(definition)) names.add((match[1] ?? match[2])!)
  return [...names]
}

/** Every sleep longer than the limit in one file's source, with its line number. */
export function findSleeps(source: string, limitMs = SLEEP_LIMIT_MS): Sleep[] {
  const helpers = sleepHelpers(source).join('|')
  const patterns = [
    new RegExp(String.raw`\bwaitForTimeout\(\s*${NUMBER}\s*\)`, 'g'),
    new RegExp(String.raw`\bsetTimeout\(\s*[A-Za-z_$][\w$]*\s*,\s*${NUMBER}\s*\)`, 'g'),
    new RegExp(String.raw`(?<![.\w$])setTimeout\(\s*${NUMBER}\s*[,)]`, 'g'),
    new RegExp(String.raw`\bscheduler\.wait\(\s*${NUMBER}\s*[,)]`, 'g'),
    new RegExp(String.raw`(?<![.\w$])(?:${helpers})\(\s*${NUMBER}\s*[,)]`, 'g'),
  ]
  const found: Sleep[] = []
  source.split('\n').forEach((text, index) => {
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const ms = Number(match[1]!.replaceAll('_', ''))
        if (ms > limitMs) found.push({ line: index + 1, ms, text: text.trim() })
      }
    }
  })
  return found
}

// One shared clock for every relative time on screen, ticking twice a minute; it runs only
// while something uses it.
//
// Between ticks the shared value can be up to 30 s old (more after the computer slept or the
// window was hidden, when timers are held back). Whatever starts reading it - a row for a site
// created a moment ago - must not compare a fresh time with that stale one, which showed a
// new item as created "in 1 minute": so every new reader, and the window being shown again,
// sets it to the time of now.
import { onBeforeUnmount, ref, type Ref } from 'vue'

const TICK_MS = 30_000

const now = ref(Date.now())
let users = 0
let timer: ReturnType<typeof setInterval> | null = null

function refresh(): void {
  now.value = Date.now()
}

/** For a new reader: a value under a second old is kept, so a page of times mounting together does not make every other reader recompute once per time. */
function refreshIfStale(): void {
  if (Math.abs(Date.now() - now.value) >= 1000) refresh()
}

function onVisibility(): void {
  if (document.visibilityState === 'visible') refresh()
}

function start(): void {
  timer = setInterval(refresh, TICK_MS)
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility)
}

function stop(): void {
  if (timer !== null) clearInterval(timer)
  timer = null
  if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility)
}

export function useNow(): Readonly<Ref<number>> {
  users += 1
  refreshIfStale()
  if (timer === null) start()
  onBeforeUnmount(() => {
    users -= 1
    if (users === 0) stop()
  })
  return now
}

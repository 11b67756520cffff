// One shared clock for every relative time on screen, ticking twice a minute; it runs only
// while something uses it.
import { onBeforeUnmount, ref, type Ref } from 'vue'

const now = ref(Date.now())
let users = 0
let timer: ReturnType<typeof setInterval> | null = null

export function useNow(): Readonly<Ref<number>> {
  users += 1
  if (timer === null) {
    // Nothing ticked while nobody looked: start from the real time, not the last tick.
    now.value = Date.now()
    timer = setInterval(() => (now.value = Date.now()), 30_000)
  }
  onBeforeUnmount(() => {
    users -= 1
    if (users === 0 && timer !== null) {
      clearInterval(timer)
      timer = null
    }
  })
  return now
}

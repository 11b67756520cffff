// The one clock behind every relative time: whoever starts reading it reads the time of now,
// not the last half-minute tick, so a site created a moment ago never reads "in 1 minute".
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { mount } from '@vue/test-utils'
import { useNow } from '../../../../src/renderer/src/composables/useNow'
import RelativeTime from '../../../../src/renderer/src/components/common/RelativeTime.vue'

const T0 = new Date('2025-03-01T10:00:00.000Z').getTime()

const Clock = defineComponent({
  setup() {
    const now = useNow()
    return () => h('span', String(now.value))
  },
})

const mounted: Array<{ unmount(): void }> = []
function mountClock() {
  const wrapper = mount(Clock)
  mounted.push(wrapper)
  return wrapper
}

afterEach(() => {
  for (const wrapper of mounted.splice(0)) wrapper.unmount()
  vi.useRealTimers()
})

describe('useNow', () => {
  it('gives a newcomer the current time while the shared timer is between ticks', () => {
    vi.useFakeTimers()
    vi.setSystemTime(T0)
    mountClock()
    // 20 s later, before the 30 s tick: the clock has not ticked, but the time has moved on.
    vi.setSystemTime(T0 + 20_000)
    const late = mountClock()
    expect(Number(late.text())).toBe(T0 + 20_000)
  })

  it('restarts from the current time after everyone stopped reading it', () => {
    vi.useFakeTimers()
    vi.setSystemTime(T0)
    mountClock().unmount()
    vi.setSystemTime(T0 + 5 * 60_000)
    expect(Number(mountClock().text())).toBe(T0 + 5 * 60_000)
  })

  it('ticks every 30 seconds while read', async () => {
    vi.useFakeTimers()
    vi.setSystemTime(T0)
    const clock = mountClock()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(Number(clock.text())).toBe(T0 + 30_000)
  })

  it('catches up when the window is shown again (timers sleep in a hidden window)', async () => {
    vi.useFakeTimers()
    vi.setSystemTime(T0)
    const clock = mountClock()
    vi.setSystemTime(T0 + 10 * 60_000)
    document.dispatchEvent(new Event('visibilitychange'))
    await Promise.resolve()
    await clock.vm.$nextTick()
    expect(Number(clock.text())).toBe(T0 + 10 * 60_000)
  })
})

describe('RelativeTime', () => {
  it('shows a time just created as "just now", even read from a clock between ticks', () => {
    vi.useFakeTimers()
    vi.setSystemTime(T0)
    mountClock()
    vi.setSystemTime(T0 + 25_000)
    const created = mount(RelativeTime, { props: { iso: new Date(T0 + 25_000).toISOString() } })
    mounted.push(created)
    expect(created.text()).toBe('just now')
  })

  it('shows a time a little in the future (another clock slightly ahead) as "just now", not "in 3 minutes"', () => {
    vi.useFakeTimers()
    vi.setSystemTime(T0)
    const ahead = mount(RelativeTime, { props: { iso: new Date(T0 + 3 * 60_000).toISOString() } })
    mounted.push(ahead)
    expect(ahead.text()).toBe('just now')
  })

  it('keeps past times relative and says when a time is missing', () => {
    vi.useFakeTimers()
    vi.setSystemTime(T0)
    const past = mount(RelativeTime, { props: { iso: new Date(T0 - 3 * 60 * 60_000).toISOString() } })
    const never = mount(RelativeTime, { props: { iso: null, fallback: 'Not checked yet' } })
    mounted.push(past, never)
    expect(past.text()).toBe('3 hours ago')
    expect(never.text()).toBe('Not checked yet')
  })
})

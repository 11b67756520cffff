// The shell's pushes kept as requests: each kind in the order it came, until taken once.
import { describe, expect, it } from 'vitest'
import { useShellRequestsStore } from '../../../../src/renderer/src/stores/shell-requests'
import { createFakeApi } from '../support/fake-api'
import { storePinia } from '../support/mount'

describe('shell requests store', () => {
  it('keeps commands, navigations and summaries in order until each is taken once', () => {
    const fake = createFakeApi()
    storePinia(fake)
    const requests = useShellRequestsStore()
    expect(fake.listenerCount('app:command')).toBe(1)
    fake.emit('app:command', { id: 'go.sites' })
    fake.emit('app:command', { id: 'sync.all' })
    fake.emit('app:navigate', { path: '/sites', query: { updates: '1' } })
    const summary = { accountId: 'a', accountLabel: 'Agency', title: '2 sites need attention', body: 'Pending updates rose.', path: '/sites', query: {}, counts: { newUpdateEvents: 0, pendingRose: 2, notChecked: 0 } }
    fake.emit('attention:summary', summary)

    expect(requests.takeCommands()).toEqual(['go.sites', 'sync.all'])
    expect(requests.takeCommands()).toEqual([])
    expect(requests.takeNavigations()).toEqual([{ path: '/sites', query: { updates: '1' } }])
    expect(requests.takeSummaries()).toEqual([summary])
    expect(requests.summaries).toEqual([])
  })
})

// The site page's History card: what history:site answers, as sentences a person reads
// ("PHP 8.1.27 → 8.2.18 on 3 Nov"), the empty state with when history began, errors with a
// retry, and a fresh read after a sync changed the account's sites.
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import type { SiteHistory } from '../../../../../src/shared'
import SiteHistoryCard from '../../../../../src/renderer/src/components/sites/SiteHistory.vue'
import { historyDay } from '../../../../../src/renderer/src/lib/history-text'
import { createFakeApi, fail, ok } from '../../support/fake-api'
import { mountView, unmountAll } from '../../support/mount'

afterEach(unmountAll)

const UPGRADE_AT = '2026-11-03T10:00:00.000Z'
const UPDATES_AT = '2026-11-12T09:00:00.000Z'

function history(changes: SiteHistory['changes'], since: string | null = '2026-10-01T08:00:00.000Z'): SiteHistory {
  return { accountId: 'a', siteId: 7, changes, since }
}

describe('SiteHistory', () => {
  it('lists each change newest first, with its values and day', async () => {
    const fake = createFakeApi({
      historySite: async () =>
        ok(
          history([
            { at: UPDATES_AT, field: 'updates', from: 2, to: 5 },
            { at: UPGRADE_AT, field: 'php', from: '8.1.27', to: '8.2.18' },
          ]),
        ),
    })
    await mountView(SiteHistoryCard, fake, { props: { accountId: 'a', siteId: 7 } })

    const list = screen.getByRole('list', { name: /changes seen by syncs/i })
    const items = within(list).getAllByRole('listitem').map((li) => li.textContent?.replace(/\s+/g, ' ').trim())
    expect(items).toEqual([
      `Pending updates 2 → 5 on ${historyDay(UPDATES_AT)}`,
      `PHP 8.1.27 → 8.2.18 on ${historyDay(UPGRADE_AT)}`,
    ])
    expect(fake.api.historySite).toHaveBeenCalledWith({ accountId: 'a', siteId: 7 })
  })

  it('hides last-check changes until asked, then shows them too', async () => {
    const fake = createFakeApi({
      historySite: async () =>
        ok(
          history([
            { at: UPDATES_AT, field: 'lastCheck', from: '2026-11-11T08:00:00.000Z', to: '2026-11-12T08:00:00.000Z' },
            { at: UPGRADE_AT, field: 'mysql', from: '8.0', to: '8.4' },
          ]),
        ),
    })
    const { user } = await mountView(SiteHistoryCard, fake, { props: { accountId: 'a', siteId: 7 } })

    expect(screen.getAllByRole('listitem')).toHaveLength(1)
    expect(screen.getByRole('listitem').textContent).toContain('MySQL 8.0 → 8.4')
    await user.click(screen.getByRole('checkbox', { name: /show last-check changes \(1\)/i }))
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getAllByRole('listitem')[0]?.textContent?.replace(/\s+/g, ' ').trim()).toMatch(/^Last check .+ → .+ on /)
  })

  it('says no changes were seen yet, and since when history is kept', async () => {
    const fake = createFakeApi({ historySite: async () => ok(history([], '2026-10-01T08:00:00.000Z')) })
    await mountView(SiteHistoryCard, fake, { props: { accountId: 'a', siteId: 7 } })

    expect(screen.getByText('No changes seen yet')).toBeVisible()
    expect(screen.getByText(new RegExp(`kept from ${historyDay('2026-10-01T08:00:00.000Z')}`))).toBeVisible()
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('shows a failure with Retry, which reads again', async () => {
    let answer = fail({ code: 'internal', message: 'The store could not be read.' }) as ReturnType<typeof ok<SiteHistory>>
    const fake = createFakeApi({ historySite: async () => answer })
    const { user } = await mountView(SiteHistoryCard, fake, { props: { accountId: 'a', siteId: 7 } })

    expect(screen.getByRole('alert')).toBeVisible()
    answer = ok(history([{ at: UPGRADE_AT, field: 'web', from: 'nginx', to: 'apache' }]))
    await user.click(screen.getByRole('button', { name: /retry/i }))
    await flushPromises()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('listitem').textContent).toContain('Web server nginx → apache')
  })

  it('reads again when a sync changed the account’s sites, not for another account', async () => {
    let changes: SiteHistory['changes'] = []
    const fake = createFakeApi({ historySite: async () => ok(history(changes)) })
    await mountView(SiteHistoryCard, fake, { props: { accountId: 'a', siteId: 7 } })
    expect(screen.getByText('No changes seen yet')).toBeVisible()

    changes = [{ at: UPGRADE_AT, field: 'php', from: '8.1.27', to: '8.2.18' }]
    fake.emit('workspace:changed', { accountId: 'b', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(fake.api.historySite).toHaveBeenCalledTimes(1)

    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(screen.getByRole('listitem').textContent).toContain('PHP 8.1.27 → 8.2.18')
  })
})

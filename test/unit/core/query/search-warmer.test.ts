// A scope's search keys are made ahead of its first search, a slice per turn of the event
// loop, once its rows have been answered: the first keystroke after opening no longer makes
// them all (about 70 ms at 50,000 sites), and nothing waits more than a slice meanwhile.
import { describe, expect, it } from 'vitest'
import { querySites, searchKeyOf } from '../../../../src/core/query'
import { SiteListIndex, siteListIndex } from '../../../../src/core/query/site-list-index'
import { SearchWarmer } from '../../../../src/core/query/search-warmer'
import { EMPTY_FILTER, type Site } from '../../../../src/shared'
import { makeSite, makeTag } from '../../support/domain-objects'
import { ACCOUNT_A, queryFixture } from './query-fixture'

const withSites = await queryFixture()

const sitesOf = (count: number, from = 1): Site[] =>
  Array.from({ length: count }, (_, i) => makeSite(from + i, { name: `Site ${from + i}`, tags: [makeTag(1, 'Shop')] }))

/** A `later` that runs nothing until told: each call is one turn of the loop. */
function turns() {
  const waiting: Array<() => void> = []
  return {
    later: (work: () => void) => void waiting.push(work),
    run(count = Infinity): number {
      let ran = 0
      while (ran < count && waiting.length > 0) {
        waiting.shift()!()
        ran++
      }
      return ran
    },
    get waiting() {
      return waiting.length
    },
  }
}

describe('search keys made ahead', () => {
  it('makes a list’s keys in slices, one per turn, and then its text', () => {
    const list = new SiteListIndex(sitesOf(25))
    const loop = turns()
    new SearchWarmer(loop.later, 10).warm([list])
    expect(list.searchReady).toBe(false)
    loop.run(2)
    expect(list.searchReady).toBe(false)
    loop.run(1)
    expect(list.searchReady).toBe(true)
    expect(list.searchKeys()).toEqual(sitesOf(25).map(searchKeyOf))
    // The queue is empty: one more turn to see it, then nothing is asked for.
    loop.run()
    expect(loop.waiting).toBe(0)
  })

  it('lets go of a list queued for an earlier answer once another scope, or a written list, is answered', () => {
    const before = new SiteListIndex(sitesOf(25))
    const kept = new SiteListIndex(sitesOf(25, 100))
    const written = new SiteListIndex(sitesOf(25, 200))
    const loop = turns()
    const warmer = new SearchWarmer(loop.later, 10)
    warmer.warm([before, kept])
    loop.run(1)
    // A write replaced `before` with `written` before its keys were made.
    warmer.warm([written, kept])
    loop.run()
    expect(written.searchReady).toBe(true)
    expect(kept.searchReady).toBe(true)
    expect(before.searchReady).toBe(false)
  })

  it('a search before the slices are done makes the rest itself, and the keys are whole', () => {
    const list = new SiteListIndex(sitesOf(25))
    const loop = turns()
    new SearchWarmer(loop.later, 10).warm([list])
    loop.run(1)
    expect(list.searchKeys()).toEqual(sitesOf(25).map(searchKeyOf))
    expect(list.searchReady).toBe(true)
    loop.run()
    expect(list.searchKeys()).toEqual(sitesOf(25).map(searchKeyOf))
  })

  it('asks for no turn for lists whose text is made, and takes several lists one after another', () => {
    const made = new SiteListIndex(sitesOf(5))
    made.searchText()
    const loop = turns()
    const warmer = new SearchWarmer(loop.later, 10)
    warmer.warm([made])
    expect(loop.waiting).toBe(0)
    const [a, b] = [new SiteListIndex(sitesOf(15)), new SiteListIndex(sitesOf(5, 100))]
    warmer.warm([a, b, a])
    loop.run(2)
    expect([a.searchReady, b.searchReady]).toEqual([true, false])
    loop.run(1)
    expect(b.searchReady).toBe(true)
    expect(b.searchKeys()).toEqual(sitesOf(5, 100).map(searchKeyOf))
  })

  it('answering a scope’s rows makes its keys in the turns after, before anyone searches', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites: sitesOf(2_500) } })
    const list = siteListIndex(q.store.sites(ACCOUNT_A))
    querySites(q.accounts([ACCOUNT_A]), { scope: [ACCOUNT_A], filter: EMPTY_FILTER, sort: [{ key: 'name', direction: 'asc' }], offset: 0, limit: 60 })
    // Not in the answer's own turn: the rows go out first.
    expect(list.searchReady).toBe(false)
    for (let turn = 0; turn < 10 && !list.searchReady; turn++) await new Promise((done) => setImmediate(done))
    expect(list.searchReady).toBe(true)
  })
})

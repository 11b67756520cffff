// The shared progress bar: what it tells assistive technology (name, percentage, words) and
// how far its fill reaches, including the edges (nothing to do, more done than planned).
import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/dom'
import ProgressBar from '../../../../../src/renderer/src/components/common/ProgressBar.vue'
import { mountInBody, unmountAll } from '../../support/mount'

afterEach(() => unmountAll())

const bar = (name: string) => screen.getByRole('progressbar', { name })
const fillWidth = (name: string) => (bar(name).firstElementChild as HTMLElement).style.width

describe('ProgressBar', () => {
  it('is a named progressbar whose value is the rounded percentage done, from 0 to 100', () => {
    mountInBody(ProgressBar, { props: { label: 'Sites deleted', done: 1, total: 3 } })
    expect(bar('Sites deleted').getAttribute('aria-valuenow')).toBe('33')
    expect(bar('Sites deleted').getAttribute('aria-valuemin')).toBe('0')
    expect(bar('Sites deleted').getAttribute('aria-valuemax')).toBe('100')
    expect(bar('Sites deleted').hasAttribute('aria-valuetext')).toBe(false)
    expect(fillWidth('Sites deleted')).toMatch(/^33\.33/)
  })

  it('says the progress in words when given them', () => {
    mountInBody(ProgressBar, { props: { label: 'Import progress', done: 2, total: 4, valueText: '2 of 4 sites' } })
    expect(bar('Import progress').getAttribute('aria-valuetext')).toBe('2 of 4 sites')
    expect(fillWidth('Import progress')).toBe('50%')
  })

  it('shows an empty bar when there is nothing to do and a full one when more is done than planned', () => {
    mountInBody(ProgressBar, { props: { label: 'Empty', done: 0, total: 0 } })
    mountInBody(ProgressBar, { props: { label: 'Over', done: 5, total: 4 } })
    expect(bar('Empty').getAttribute('aria-valuenow')).toBe('0')
    expect(fillWidth('Empty')).toBe('0%')
    expect(bar('Over').getAttribute('aria-valuenow')).toBe('100')
    expect(fillWidth('Over')).toBe('100%')
  })
})

// An export's columns are the table's: the visible fields in the person's order, with Health
// where the table draws it (after Status, or after Name when Status is hidden).
import { describe, expect, it } from 'vitest'
import { withHealthColumn } from '../../../../../src/renderer/src/components/sites/export-columns'

describe('withHealthColumn', () => {
  it('puts Health right after Status, wherever the person moved Status', () => {
    expect(withHealthColumn(['name', 'url', 'status', 'updates'])).toEqual(['name', 'url', 'status', 'health', 'updates'])
    expect(withHealthColumn(['name', 'tags', 'php', 'status'])).toEqual(['name', 'tags', 'php', 'status', 'health'])
  })

  it('puts Health right after Name when Status is hidden', () => {
    expect(withHealthColumn(['name', 'tags', 'url'])).toEqual(['name', 'health', 'tags', 'url'])
    expect(withHealthColumn(['name'])).toEqual(['name', 'health'])
  })

  it('leaves the list it was given as it was', () => {
    const visible = ['name', 'status'] as const
    withHealthColumn(visible)
    expect(visible).toEqual(['name', 'status'])
  })
})

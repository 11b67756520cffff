// What the renderer does with an export core has written: a web shell download followed with a
// download link on the page (then removed), nothing more for a saved or cancelled one, and the
// toast's sentence.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deliverExport, exportedMessage } from '../../../../src/renderer/src/lib/exported-file'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('deliverExport', () => {
  it('follows a download address with a hidden download link, and leaves no link behind', () => {
    const clicks: Array<{ href: string; download: string; inPage: boolean }> = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.getAttribute('href') ?? '', download: this.download, inPage: document.body.contains(this) })
    })
    deliverExport({ kind: 'download', name: 'sites-a-2026-11-23.csv', url: '/downloads/abc', rows: 3 })
    deliverExport({ kind: 'saved', name: 'sites-a-2026-11-23.csv', path: '/home/me/s.csv', rows: 3 })
    deliverExport({ kind: 'cancelled' })
    expect(clicks).toEqual([{ href: '/downloads/abc', download: 'sites-a-2026-11-23.csv', inPage: true }])
    expect(document.querySelectorAll('a')).toHaveLength(0)
  })
})

describe('exportedMessage', () => {
  const sites = (n: number) => `${n} site${n === 1 ? '' : 's'}`
  it('says where the file went, and nothing for a cancelled dialog', () => {
    expect(exportedMessage({ kind: 'download', name: 'sites.csv', url: '/downloads/x', rows: 1 }, sites)).toBe('Exported 1 site to sites.csv')
    expect(exportedMessage({ kind: 'saved', name: 'sites.csv', path: '/home/me/sites.csv', rows: 4 }, sites)).toBe('Exported 4 sites. Saved to /home/me/sites.csv')
    expect(exportedMessage({ kind: 'cancelled' }, sites)).toBeNull()
  })
})

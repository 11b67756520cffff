// Opening several sites at once: each address in its own tab of the person's browser. In the
// desktop app the window-open handler in main hands each http(s) address to the system
// browser and refuses the window; in the web shell the browser opens a tab. 'noopener': the
// opened page gets no handle on the app's window.
import type { TableSite } from '../../../../../shared'
import { isHttpUrl } from '../../../lib/validate'

/** Above this many tabs the person is asked first. */
export const OPEN_WITHOUT_ASKING = 10

export type OpenTarget = 'site' | 'admin'

export interface OpenPlan {
  urls: string[]
  /** Sites left out: no admin address, or not an http(s) one. */
  skipped: TableSite[]
}

export function planOpen(sites: readonly TableSite[], target: OpenTarget): OpenPlan {
  const urls: string[] = []
  const skipped: TableSite[] = []
  for (const site of sites) {
    const url = target === 'site' ? site.url : site.admin_url
    if (url && isHttpUrl(url)) urls.push(url)
    else skipped.push(site)
  }
  return { urls, skipped }
}

export function openInBrowser(urls: readonly string[], open: (url: string) => void = defaultOpen): void {
  for (const url of urls) open(url)
}

function defaultOpen(url: string): void {
  window.open(url, '_blank', 'noopener')
}

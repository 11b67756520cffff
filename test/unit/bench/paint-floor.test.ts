// The window-open benchmark's floor pages: the page the web shell served, with its scripts out
// and its stylesheets served beside it, over loopback.
import { describe, expect, it } from 'vitest'
import { serveFloorPages, stylesheetPaths, withoutScripts } from '../../../bench/support/paint-floor'

const SERVED = `<!doctype html><html><head>
<script defer src="/__bridge.js"></script>
<script type="module" crossorigin src="./assets/start-1.js"></script>
<link rel="stylesheet" crossorigin href="./assets/start-1.css">
<link rel="icon" href="data:image/svg+xml,x">
</head><body><div inert data-kept-screen><table><tr class="site-row"><td>a.example</td></tr></table></div>
<div id="app"></div>
<script type="application/json" id="primed">{"seq":1,"answers":[]}</script>
</body></html>`

describe('the floor pages', () => {
  it('keeps the markup and stylesheets and drops every script', () => {
    const page = withoutScripts(SERVED)
    expect(page).not.toMatch(/<script/i)
    expect(page).toContain('<td>a.example</td>')
    expect(page).toContain('<div id="app"></div>')
    expect(stylesheetPaths(page)).toEqual(['/assets/start-1.css'])
  })

  it('serves the picture with its stylesheet, and a one-line page', async () => {
    const asked: string[] = []
    const floor = await serveFloorPages(SERVED, async (path) => {
      asked.push(path)
      return Buffer.from('td { color: rgb(1, 2, 3); }')
    })
    try {
      expect(asked).toEqual(['/assets/start-1.css'])
      const picture = await fetch(floor.pictureUrl)
      expect(picture.headers.get('content-type')).toMatch(/^text\/html/)
      expect(await picture.text()).not.toMatch(/<script/i)
      const style = await fetch(new URL('/assets/start-1.css', floor.pictureUrl))
      expect(await style.text()).toContain('rgb(1, 2, 3)')
      expect(await (await fetch(floor.oneLineUrl)).text()).toContain('<p>Site Manager</p>')
      expect((await fetch(new URL('/elsewhere', floor.pictureUrl))).status).toBe(404)
    } finally {
      await floor.close()
    }
  })
})

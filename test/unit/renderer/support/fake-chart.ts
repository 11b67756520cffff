// Stands in for the chart.js module ChartCanvas loads (components/charts/chart-setup): jsdom
// has no canvas to draw on. Each chart made is kept with the configuration it was given, so a
// test reads what would be drawn (labels, figures, colours) and plays a click on a point.
import type { ChartConfiguration } from 'chart.js'

interface FakePlugin {
  afterRender?: (chart: FakeChart) => void
}

export class FakeChart {
  static made: FakeChart[] = []
  config: ChartConfiguration
  data: ChartConfiguration['data']
  options: NonNullable<ChartConfiguration['options']>
  destroyed = false
  updates = 0

  constructor(
    public canvas: HTMLCanvasElement,
    config: ChartConfiguration,
  ) {
    this.config = config
    this.data = config.data
    this.options = config.options ?? {}
    FakeChart.made.push(this)
    this.render()
  }

  private render(): void {
    for (const plugin of (this.config.plugins ?? []) as FakePlugin[]) plugin.afterRender?.(this)
  }

  update(): void {
    this.updates++
    this.render()
  }

  destroy(): void {
    this.destroyed = true
  }

  getDatasetMeta(index: number) {
    const count = this.data.datasets[index]?.data.length ?? 0
    return { data: Array.from({ length: count }, (_, i) => ({ getCenterPoint: () => ({ x: 10 + i * 20, y: 50 }) })) }
  }

  /** What a click on point `index` does: chart.js calls onClick with the element hit. */
  clickPoint(index: number): void {
    const onClick = this.options.onClick as unknown as (event: unknown, elements: Array<{ index: number }>) => void
    onClick({}, [{ index }])
  }

  /** The live charts whose canvas is labelled with this name (its aria-label starts with it). */
  static named(title: string): FakeChart {
    const found = FakeChart.made.filter((c) => !c.destroyed && (c.canvas.getAttribute('aria-label') ?? '').startsWith(`${title}:`))
    if (found.length !== 1) throw new Error(`${found.length} live charts named ${title}`)
    return found[0]!
  }
}

export const Chart = FakeChart
export const animator = { running: () => false }

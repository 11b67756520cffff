// chart.js, loaded once for every chart on the page (a dynamic import: its own chunk, fetched
// the first time a chart is shown). A failed load is tried again by the next chart.
export type ChartModule = typeof import('./chart-setup')

let loading: Promise<ChartModule> | null = null

export function loadChart(): Promise<ChartModule> {
  loading ??= import('./chart-setup').catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}

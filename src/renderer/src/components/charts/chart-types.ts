// The data a ChartCanvas draws and lists in its table: one label per point, one or more
// series over them. Kept apart from the component so views can build it in plain functions.
import type { RouteLocationRaw } from 'vue-router'

export type ChartKind = 'bar' | 'hbar' | 'doughnut' | 'stacked'

export interface ChartSeries {
  label: string
  data: number[]
  /** A CSS custom property name (e.g. '--accent') for the series; else the palette's next. */
  colour?: string
}

export interface ChartData {
  labels: string[]
  series: ChartSeries[]
  /** Per point (doughnut) colours as CSS custom property names; else the palette's. */
  pointColours?: string[]
}

export interface ChartTableColumns {
  /** Header of the first column (the labels), e.g. "Site", "PHP version", "Day". */
  label: string
  /** An optional extra column after the values, e.g. the exact versions in a group. */
  detail?: { label: string; text: (index: number) => string }
}

/** Where a point leads: a bar or slice click and the table row's link both go there. */
export type ChartLink = (index: number) => RouteLocationRaw | null

/**
 * The palette, as theme tokens: readable on both themes (the account avatars' colours, which
 * tokens.css gives a light and a dark value each). Resolved to colours when drawn.
 */
export const PALETTE = ['--accent', '--avatar-2', '--avatar-6', '--avatar-3', '--avatar-7', '--avatar-8', '--avatar-5', '--avatar-4']

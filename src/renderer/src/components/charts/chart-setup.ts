// chart.js, with only the pieces the app's charts use registered (bar and doughnut charts,
// their elements, category and linear scales, the legend and tooltip). Imported only through
// loadChart(), a dynamic import: the library (about 60 KB gzipped) comes in its own chunk the
// first time a chart is shown, never with the app's first bundle.
//
// Why chart.js: it is well kept (regular releases, typed, tree-shakeable since v3), draws to a
// canvas (hundreds of bars cost nothing in the DOM), has hit-testing for clicks built in and
// takes its colours from plain strings, which we read from the theme's CSS custom properties.
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
  animator,
} from 'chart.js'

Chart.register(BarController, BarElement, DoughnutController, ArcElement, CategoryScale, LinearScale, Legend, Tooltip)

export { Chart, animator }

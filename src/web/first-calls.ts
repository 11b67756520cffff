// The web shell's first calls are kept by core's notebook (core/first-screen/first-calls.ts),
// in the data folder's web-first-calls.json (cli.ts).
export { FirstCalls } from '../core/first-screen'

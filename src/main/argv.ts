// The command-line switches the app understands. `npm start -- --demo` ends up here.
export interface LaunchOptions {
  /** Open straight into the demo workspace. */
  demo: boolean
}

export function parseLaunchOptions(argv: readonly string[]): LaunchOptions {
  return { demo: argv.includes('--demo') }
}

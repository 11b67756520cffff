// pino-roll ships no types; this is the part of its API the file logger uses.
declare module 'pino-roll' {
  import type { SonicBoom, SonicBoomOpts } from 'sonic-boom'

  interface PinoRollOptions extends Omit<SonicBoomOpts, 'dest' | 'fd'> {
    /** The log file; a number is put before its extension (site-manager.1.log, .2, ...). */
    file: string | (() => string)
    /** Rotate when a file reaches this size: a number of MB, or '500k', '5m', '1g'. */
    size?: string | number
    frequency?: 'daily' | 'hourly' | number
    extension?: string
    symlink?: boolean
    limit?: { count?: number; removeOtherLogFiles?: boolean }
    dateFormat?: string
  }

  export default function pinoRoll(options: PinoRollOptions): Promise<SonicBoom>
}

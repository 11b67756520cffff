// A step the test holds until it chooses: code under test awaits `opened`, the test calls
// open() at the moment the overlap it wants to prove is set up. Each run, the same order.

/** A promise the test resolves when it wants the gated step to go on. */
export function gate(): { opened: Promise<void>; open(): void } {
  let open = (): void => undefined
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

export * from './domain'
export * from './errors'
export * from './channels'

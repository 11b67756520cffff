export * from './first-calls'
export * from './answers-ahead'

export { attentionSummary, type AttentionInput, newlyNotChecked, pendingRose, targetOf, NOT_CHECKED_MS, UPDATE_EVENT_TYPE } from './attention-summary'
export { watchAttention, type AttentionWatcherOptions } from './attention-watcher'
export { healthSummary, healthTransitions, duration, type HealthChange, type HealthTransition, type HealthSummaryInput } from './health-summary'

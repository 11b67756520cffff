export { attentionSummary, type AttentionInput, newlyNotChecked, pendingRose, targetOf, NOT_CHECKED_MS, UPDATE_EVENT_TYPE } from './attention-summary'
export { watchAttention, type AttentionWatcherOptions } from './attention-watcher'

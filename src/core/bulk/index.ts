// Bulk deletes as jobs of core's (shared/bulk-delete.ts is the contract).
export { DeleteJob, type DeleteSite, type DeleteTarget, type SiteGone, type JobChange } from './delete-job'
export { DeleteJobs, MAX_DELETE_JOBS, type DeleteJobsOptions } from './delete-jobs'
export { deleteTargets } from './delete-targets'
export { ThrottledPush, PUSH_INTERVAL_MS, type PushClock } from './throttled-push'
export { bulkDeleteWork, type BulkChannel, type BulkWork, type SelectionTargets } from './bulk-work'

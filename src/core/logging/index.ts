export {
  createFileLogger,
  isSecretAware,
  DEFAULT_KEEP_FILES,
  DEFAULT_MAX_FILE_KB,
  LOG_FILE_BASE,
  LOG_FOLDER,
  type FileLogger,
  type FileLoggerOptions,
  type SecretAwareLogger,
} from './file-logger'
export { clientsLearningSecrets, secretStoreLearningSecrets, type LearnSecret } from './learn-secrets'
export { errorFields, isSecretField, pinoRedactPaths, redactFields, REDACTED, SecretScrubber } from './redaction'

export { DemoWorkspace, DEMO_MONITORING_INTERVAL_MS, type DemoWorkspaceOptions } from './demo-workspace'
export { startReferenceDemoServer, type DemoServer, type DemoServerOptions, type StartDemoServer } from './demo-server'
export { DemoTokenFile } from './demo-token-file'

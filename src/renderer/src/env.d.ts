/// <reference types="vite/client" />
import type { SiteManagerApi } from '../../shared'

declare global {
  interface Window {
    api: SiteManagerApi
  }
}

declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent<object, object, unknown>
  export default component
}

import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { API_KEY } from './lib/api'
import { applyTheme, cachedTheme } from './lib/theme'
import { createAppRouter } from './router'
import './styles/index.css'

// Before anything mounts: the theme this machine used last, so a dark-theme user does not
// see a light flash while core is asked for the stored setting (which wins once read).
applyTheme(cachedTheme())

const pinia = createPinia()
const app = createApp(App)
// First: the router's first navigation already asks the accounts store, which injects it.
app.provide(API_KEY, window.api)
app.use(pinia).use(createAppRouter(pinia)).mount('#app')

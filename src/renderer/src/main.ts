import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { API_KEY } from './lib/api'
import { createAppRouter } from './router'
import './styles/index.css'

const pinia = createPinia()
const app = createApp(App)
// First: the router's first navigation already asks the accounts store, which injects it.
app.provide(API_KEY, window.api)
app.use(pinia).use(createAppRouter(pinia)).mount('#app')

import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/unit/**/*.test.ts'],
          exclude: ['test/unit/renderer/**'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [vue()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['test/unit/renderer/**/*.test.ts'],
        },
      },
    ],
  },
})

// Vite config for the browser app. In dev, /api is proxied to the local planning service.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const servicePort = process.env.PORT ?? '4780';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    // changeOrigin: the service answers only to its own host names (DNS rebinding), so the proxy
    // sends the service's Host, not Vite's.
    proxy: { '/api': { target: `http://127.0.0.1:${servicePort}`, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
});

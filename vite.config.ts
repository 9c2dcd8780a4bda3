import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// One id per build: the browser compares it with /api/version to offer "new content available".
const buildId = process.env.BUILD_ID ?? new Date().toISOString();

function versionFile(): Plugin {
  return {
    name: 'version-file',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version: buildId }) });
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` } },
});

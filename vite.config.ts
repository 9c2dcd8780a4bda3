import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

// The precompiled form validators run the engine's TypeScript (ajv set-up, entity resolution) at build time:
// tsx loads them, so this config imports no TypeScript of the project itself.
const { formValidators } = (await tsImport('./scripts/formValidators.ts', import.meta.url)) as typeof import('./scripts/formValidators');

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

/**
 * @rjsf/chakra-ui reads Chakra's `defaultSystem` (to filter `ui:options.chakra` props), and that system holds
 * every recipe Chakra has; its modules would then land in the first bundle beside the app's slimmer system.
 * Its two importers get the app's system under that name instead (same utilities and conditions).
 */
function rjsfChakraSystem(): Plugin {
  const id = '\0rjsf-chakra-system';
  return {
    name: 'rjsf-chakra-system',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@chakra-ui/react' && importer && /@rjsf[\\/]chakra-ui[\\/]lib[\\/](utils|ChakraFrameProvider)\.js$/.test(importer)) return id;
    },
    load(loaded) {
      if (loaded === id) return `export * from '@chakra-ui/react';\nexport { system as defaultSystem } from ${JSON.stringify(fileURLToPath(new URL('./widgets/system.ts', import.meta.url)))};`;
    },
  };
}

export default defineConfig({
  plugins: [react(), rjsfChakraSystem(), formValidators(), versionFile()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` } },
});

import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { CHANNELS } from './src-shared/contract';
import { READ_TABLE } from './src-shared/contract/invalidation';

// AOA_OUT lets parallel builds (several developers or test runs on one machine) use separate folders.
const out = process.env.AOA_OUT ?? 'out';

// Three bundles: the Electron main process (thin shell + backend) with the
// CLI, browser mode's server and the workers beside it, the sandboxed preload (CommonJS, so it runs
// with sandbox: true) and the renderer.
export default defineConfig({
  main: {
    build: {
      outDir: `${out}/main`,
      // Kysely and zod are bundled in: as packages each is hundreds of ES module files, resolved and compiled one by one
      // in every process and worker thread that starts (some 160 ms and 65 ms of CPU each); bundled, a few milliseconds.
      // The rest stay packages (better-sqlite3 is native; pdfmake, pg and the fonts load only when used).
      externalizeDeps: { exclude: ['kysely', 'zod'] },
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'src-main/shell/main.ts'),
          // batch printing runs in a worker thread beside the main bundle (src-main/backend/jobs/job-manager.ts)
          'batch-worker': resolve(__dirname, 'src-main/backend/jobs/batch.worker.ts'),
          // the whole backend runs in this worker thread (src-main/backend/worker/backend-worker-client.ts)
          'backend-worker': resolve(__dirname, 'src-main/backend/worker/backend.worker.ts'),
          // the command line (bin/aoa.mjs, npm run cli), run by plain Node
          cli: resolve(__dirname, 'src-main/cli/main.ts'),
          // browser mode (npm run serve, and npm start where Electron cannot start), run by plain Node
          server: resolve(__dirname, 'src-main/server/main.ts'),
        },
        // Code shared by the entries goes into chunks beside them, not in a subfolder: the worker
        // clients find `batch-worker.js` and `backend-worker.js` next to their own module's URL.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    // the contract's channel names as a plain list: the preload checks names, the backend parses inputs, so the
    // preload needs none of the schemas (405 KB of them before)
    define: { __AOA_CHANNELS__: JSON.stringify(CHANNELS) },
    build: {
      outDir: `${out}/preload`,
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src-main/shell/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    // which reads a write makes stale, as plain data: the window loads none of the contract's schemas for it
    define: { __AOA_READ_TABLE__: JSON.stringify(READ_TABLE) },
    plugins: [
      react(),
      // a Brotli and a gzip copy beside every hashed asset (issue 42): both listeners send one to a client that asks
      // (src-main/server/static-files.ts); the originals stay for a client that does not
      compression({ include: /^assets\/.*\.(js|css|svg|json)$/, threshold: 0, skipIfLargerOrEqual: false, algorithms: ['brotliCompress', 'gzip'] }),
    ],
    build: {
      outDir: resolve(__dirname, `${out}/renderer`),
      // which chunks each dynamic import needs (.vite/manifest.json): the LAN listener lists the phone's in its page
      manifest: true,
      // the window parses every byte at start: ship the renderer minified
      minify: true,
      // AOA_SOURCEMAP=1 writes source maps beside the chunks, to see what each one carries
      sourcemap: !!process.env.AOA_SOURCEMAP,
      rolldownOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
});

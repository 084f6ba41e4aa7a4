import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Every text file of the build written beside itself as .br and .gz once, at build time, so the
 * server sends the smallest form a browser accepts without compressing the same file per request.
 */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  writeBundle: (options) => {
    const outDir = options.dir;
    if (!outDir) return;
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? walk(full) : [full];
      });
    for (const file of walk(outDir)) {
      if (!/\.(js|mjs|css|html|svg|json|txt|wasm)$/.test(file)) continue;
      const content = fs.readFileSync(file);
      if (content.length < 1024) continue;
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(content, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        }),
      );
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
    }
  },
});

/**
 * The entry loads the libraries and the app by dynamic imports, one task each, after the first paint
 * (see `src/main.tsx`). The page lists all their files, so the entry preloads them at once then,
 * instead of one round trip per step.
 */
const listStartChunks = (): Plugin => ({
  name: 'list-start-chunks',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, { bundle, chunk }) => {
      if (!bundle || !chunk) return html;
      const files = new Set<string>();
      const add = (file: string) => {
        const next = bundle[file];
        if (files.has(file) || !next || next.type !== 'chunk') return;
        files.add(file);
        for (const imported of next.imports) add(imported);
      };
      for (const file of chunk.dynamicImports) add(file);
      for (const file of [chunk.fileName, ...chunk.imports]) files.delete(file);
      const list = JSON.stringify([...files].map((file) => `/${file}`));
      return html.replace('</head>', `  <script type="application/json" id="start-chunks">${list}</script>\n  </head>`);
    },
  },
});

/**
 * Mantine's `useId` swaps React's id for a random one in a layout effect once mounted. On a page the
 * server drew, every input, checkbox and menu then sets state during hydration's commit, and React
 * renders all of them again at once, synchronously (about a third of a second on a mid-range
 * phone). React's own id is the same on the server and in the browser, so it is kept.
 */
const stableMantineIds = (): Plugin => ({
  name: 'stable-mantine-ids',
  enforce: 'pre',
  transform: (code, id) => {
    if (!/@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/.test(id)) return null;
    if (!code.includes('setUuid(randomId())')) throw new Error(`Mantine's useId has changed: review ${id} and this plugin`);
    return [
      "import { useReactId } from './use-react-id.mjs';",
      'function useId(staticId) {',
      '  const reactId = useReactId();',
      "  return typeof staticId === 'string' ? staticId : reactId;",
      '}',
      'export { useId };',
    ].join('\n');
  },
});

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), stableMantineIds(), ...(isSsrBuild ? [] : [listStartChunks(), precompress()])],
  // The server build carries its libraries in production form, whatever NODE_ENV the API server runs with.
  ...(isSsrBuild
    ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') }, ssr: { noExternal: true, target: 'node' as const } }
    : {}),
  server: {
    port: 5173,
    // The API server serves the built app in production; in development Vite serves it and forwards /api.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The browser's chunks stay under 900 kB but one: the PDF renderer (1.2 MB), fetched only when a
    // CV or cover letter is previewed. The server build is never sent to a browser.
    chunkSizeWarningLimit: isSsrBuild ? 4000 : 1300,
    rollupOptions: {
      onwarn: (warning, warn) => {
        // zod's sources carry /* @__PURE__ */ comments where Rollup cannot use them; Rollup drops them, harmlessly.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
    // One stylesheet, in the first HTML: a page the server drew is styled before any script runs,
    // whichever screen's module its styles come from.
    cssCodeSplit: false,
  },
}));

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // every text asset also written as .br and .gz at build time (issue 14), at the best ratios: the
    // server sends the one the browser accepts (packages/server/src/http/web.ts). A file whose
    // compressed form is not smaller is left alone and goes as it is.
    compression({
      include: /\.(html|js|mjs|css|json|map|svg|txt|xml|webmanifest)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/assets/environments': { target: server, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // AG Grid, loaded with the first list, is the largest chunk: about 800 kB minified, 180 kB brotli
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, shared by every page and by the grid's and the calendar's adapters, in a chunk of its
            // own that goes first: a lazily loaded group that took it in would be downloaded by the
            // sign-in page. No catch-all vendor chunk: antd and the other libraries are split where they
            // are used, so the sign-in page downloads only what it shows (issue 14,
            // e2e/specs/web-delivery.spec.ts keeps its budget)
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            // AG Grid serves only the record lists (lazily loaded): kept out of the start-up chunks
            { name: 'ag-grid', test: /[\\/]node_modules[\\/](ag-grid-|ag-stack[\\/])/, priority: 10 },
            // FullCalendar (and the Preact it renders with) serves only the calendar page (lazily loaded): kept out too
            { name: 'fullcalendar', test: /[\\/]node_modules[\\/](@fullcalendar|preact)[\\/]/, priority: 10 },
            // ECharts (and the ZRender it draws with) serves only the dashboard's chart (lazily loaded): kept out too
            { name: 'echarts', test: /[\\/]node_modules[\\/](echarts|zrender)[\\/]/, priority: 10 },
            // Leaflet and its clustering plugin serve only the map dialog (lazily loaded): kept out too
            { name: 'leaflet', test: /[\\/]node_modules[\\/]leaflet(\.markercluster)?[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
    // antd (with its pickers and forms) is most of the vendor chunk: about 1.5 MB minified, 475 kB gzipped
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // one chunk keeps libraries cached across app releases; it goes first so that it also takes
            // the libraries AG Grid shares with the app (React)
            { name: 'vendor', test: /[\\/]node_modules[\\/](?!ag-grid-|@fullcalendar[\\/]|preact[\\/])/, priority: 20 },
            // AG Grid serves only the record lists (lazily loaded): kept out of the start-up chunks
            { name: 'ag-grid', test: /[\\/]node_modules[\\/]ag-grid-/, priority: 10 },
            // FullCalendar (and the Preact it renders with) serves only the calendar page (lazily loaded): kept out too
            { name: 'fullcalendar', test: /[\\/]node_modules[\\/](@fullcalendar|preact)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});

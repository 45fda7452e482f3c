// The optimiser worker's entry (solver-pool.ts): plain JavaScript, so that a worker thread can
// start it whatever runs the server; it loads the TypeScript worker through tsx.
import { tsImport } from 'tsx/esm/api';

await tsImport('./solve-worker.ts', import.meta.url);

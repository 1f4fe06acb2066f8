// PostgreSQL settings the embedded engine starts with, for its memory (docs/benchmarks.md,
// "Issue 19: memory"). Plain JavaScript: it runs inside the PGlite worker thread.
//
// PGlite allocates its shared buffers inside the WebAssembly heap and touches all of them at
// start, and a WebAssembly heap never shrinks: PostgreSQL's default of 128 MB of shared buffers
// was 128 MB of resident memory from the first second, for a plant whose whole database is a
// few tens of megabytes (the demo plant's is about 40 MB) and whose pages the host's page cache
// keeps anyway (PGlite reads and writes the data directory's files through the host).
export const MEMORY_PARAMS = ['-c', 'shared_buffers=32MB'];

import { setFlagsFromString } from 'node:v8';

/**
 * Imported first by main.ts, before any other module runs: V8 may no longer "pretenure" objects (allocate them
 * straight into the old generation).
 *
 * V8 pretenures an allocation site once most objects made there survived young-generation collections. Filling a
 * new database at start-up (the demo seed streams its SCORM packages through temporary files while the database
 * writes them) teaches it that for sites the request path shares, and from then on every request's short-lived
 * objects went to the old generation and full collections ran every few seconds under load. A request's objects live
 * for milliseconds; caches that live long are small. What it cost: docs/operating.md "Garbage collection";
 * server/test/runtime-gc.test.ts fails when this is gone.
 *
 * Set here rather than on the command line so that every way of starting the server (`npm start`, the bench, the
 * tests' server processes, an operator's `node server/dist/main.js`) gets it.
 */
setFlagsFromString('--no-allocation-site-pretenuring');

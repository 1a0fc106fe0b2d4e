// jsdom lacks these; react-router 7 and supabase-js need them at import time.
const { TextEncoder, TextDecoder } = require('node:util');
const { ReadableStream, TransformStream, WritableStream } = require('node:stream/web');
Object.assign(globalThis, { TextEncoder, TextDecoder, ReadableStream, TransformStream, WritableStream });
if (!globalThis.structuredClone) globalThis.structuredClone = (v) => JSON.parse(JSON.stringify(v));
// single-spa-react's mountPromise deadlocks inside act(); tests await it and use findBy* instead.
/** @type {Record<string, unknown>} */ (/** @type {unknown} */ (globalThis)).IS_REACT_ACT_ENVIRONMENT = false;

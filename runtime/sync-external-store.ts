/**
 * wouter's `use-sync-external-store/shim`, resolved here by the client build
 * (generator/bundle/client-build.ts): the shim re-implements `useSyncExternalStore` for React 17 and
 * older, and on React 18 and later only hands back React's own. React 19 has it, so every page
 * gets React's at once, without the shim's code (0.5 KB gzip of the runtime chunk).
 */
export { useSyncExternalStore } from 'react';

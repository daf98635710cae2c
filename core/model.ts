/**
 * The contract between the generator and the runtime: what a generated region module holds.
 * The generator emits data of these shapes into sites/<code>/region.ts and the page modules.
 * Where content passes through unchanged, its shape is the schema's own (schema/types.ts);
 * the shapes here are only what resolving adds (instants in epoch milliseconds, defaults
 * filled in, names checked).
 */
// The model in parts (each module imports the parts below it, never this barrel): the names,
// routes and page texts, products, the region, how a region is split for the client, and a
// page's head.
export * from './model/names.ts';
export * from './model/routes.ts';
export * from './model/products.ts';
export * from './model/region.ts';
export * from './model/split.ts';
export * from './model/head.ts';

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's own folder (where schema/, runtime/ and templates/ live), whatever the cwd. */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMA_DIR = path.join(PACKAGE_ROOT, 'schema');
export const TEMPLATE_DIR = path.join(PACKAGE_ROOT, 'templates');
export const RUNTIME_DIR = path.join(PACKAGE_ROOT, 'runtime');

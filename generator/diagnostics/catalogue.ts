import { CONTENT_ERRORS } from './codes/content.ts';
import { define } from './codes/define.ts';
import type { ErrorDefinition } from './codes/define.ts';
import { RESOLVE_ERRORS } from './codes/resolve.ts';
import { WARNINGS } from './codes/warnings.ts';

/**
 * The catalogue of diagnostic codes: the one place where each code's title, message, hint,
 * example and fix are written. Codes are permanent: a code is never reused for another meaning,
 * so maintainers and CI logs can refer to them. docs/diagnostics.md is generated from this file
 * (`npm run generate`). A code starting with W is a warning, every other one an error.
 * The codes are written by area in generator/errors/ (content.ts E00xx-E01xx, resolve.ts E02xx,
 * warnings.ts W03xx-W04xx); this module joins them, in that order, with the internal error.
 */
export const ERRORS = {
  ...CONTENT_ERRORS,
  ...RESOLVE_ERRORS,
  ...WARNINGS,
  E9999: define<{ detail: string }>({
    title: 'Internal error in the compiler',
    message: ({ detail }) => `internal error: ${detail}`,
    hint: 'This is a bug in build-region, not in your content: please report it with the command you ran.',
    example: 'a stack trace after "internal error"',
    fix: 'Report it: this is a bug in build-region. Exit status 70.',
  }),
} as const;

export type { ErrorDefinition };
export type ErrorCode = keyof typeof ERRORS;
/** The arguments the message of a code is built from. */
export type ErrorArgs<C extends ErrorCode> = (typeof ERRORS)[C] extends ErrorDefinition<infer A> ? A : never;

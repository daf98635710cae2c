import type { ErrorObject } from 'ajv';
import { createDiagnostic, groupDigits, MAX_QUOTED, suggest } from '../diagnostics/index.ts';
import type { Diagnostic } from '../diagnostics/index.ts';
import type { SourceFile } from '../load/source-file.ts';
import { rangeOfKey, rangeOfPath } from '../load/source-file.ts';

// A content file's schema problems (ajv's errors, generator/validate/index.ts) as diagnostics in
// words, each at the YAML node that causes it.

function splitPointer(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string' && value.length > MAX_QUOTED) {
    // Quoted start, quote closed, then the length: `the text "aaaa…" (4,718,592 characters)`.
    return `the text ${JSON.stringify(`${value.slice(0, MAX_QUOTED / 2)}…`)} (${groupDigits(value.length)} characters)`;
  }
  return `${typeof value === 'string' ? 'the text' : `a ${typeof value}`} ${JSON.stringify(value)}`;
}

function article(type: string): string {
  const names: Record<string, string> = {
    object: 'a map',
    array: 'a list',
    string: 'a text',
    number: 'a number',
    integer: 'a whole number',
    boolean: 'true or false',
  };
  return names[type] ?? type;
}

function schemaHint(error: ErrorObject): string | undefined {
  const description = (error.parentSchema as { description?: string } | undefined)?.description;
  return description;
}

/** Turns one ajv error into a diagnostic at the YAML node that causes it. */
function toDiagnostic(file: SourceFile, error: ErrorObject): Diagnostic | undefined {
  const segments = splitPointer(error.instancePath);
  const where = segments.length ? `'${segments.join('.')}'` : 'the file';
  const params = error.params as Record<string, unknown>;
  const propertyName = (error as ErrorObject & { propertyName?: string }).propertyName;
  switch (error.keyword) {
    case 'required':
      return createDiagnostic('E0101', { where, property: String(params.missingProperty) }, rangeOfPath(file, segments));
    case 'additionalProperties':
      return unknownPropertyDiagnostic(file, error, segments, where);
    case 'type': {
      const expected = ([] as string[])
        .concat(params.type as string | string[])
        .map(article)
        .join(' or ');
      return createDiagnostic('E0103', { where, expected, found: describeValue(error.data) }, rangeOfPath(file, segments), {
        hint: schemaHint(error),
      });
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const guess = typeof error.data === 'string' ? suggest(error.data, allowed) : undefined;
      return createDiagnostic('E0104', { where, found: describeValue(error.data), guess }, rangeOfPath(file, segments), {
        hint: `Allowed values: ${allowed.join(', ')}.`,
      });
    }
    case 'pattern':
    case 'format':
      if (propertyName !== undefined)
        return createDiagnostic('E0105', { where, key: propertyName }, rangeOfKey(file, [...segments, propertyName]), {
          hint: schemaHint(error),
        });
      return createDiagnostic('E0105', { where, found: describeValue(error.data) }, rangeOfPath(file, segments), {
        hint: schemaHint(error),
      });
    case 'maxLength':
    case 'minLength':
      return lengthDiagnostic(file, error, segments, where);
    case 'dependencies': {
      const { property, missingProperty } = error.params as { property: string; missingProperty: string };
      return createDiagnostic('E0101', { where, property: missingProperty, beside: property }, rangeOfKey(file, [...segments, property]), {
        hint: schemaHint(error),
      });
    }
    case 'minItems':
      return createDiagnostic(
        'E0106',
        { where, problem: `must list at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}` },
        rangeOfPath(file, segments),
        {
          hint: schemaHint(error),
        },
      );
    case 'propertyNames':
      return undefined; // reported by the nested pattern error, at the key
    default:
      return createDiagnostic('E0106', { where, problem: error.message ?? 'is invalid' }, rangeOfPath(file, segments), {
        hint: schemaHint(error),
      });
  }
}

/** A key the schema does not allow here, at the key, with the nearest allowed one as a guess. */
function unknownPropertyDiagnostic(file: SourceFile, error: ErrorObject, segments: string[], where: string): Diagnostic {
  const params = error.params as Record<string, unknown>;
  const property = String(params.additionalProperty);
  const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
  const guess = suggest(property, known);
  const guessRequired =
    guess !== undefined && ((error.parentSchema as { required?: string[] } | undefined)?.required ?? []).includes(guess);
  return createDiagnostic(
    'E0102',
    { where: segments.length ? where : undefined, property, guess, guessRequired },
    rangeOfKey(file, [...segments, property]),
    {
      hint: known.length ? `Allowed here: ${known.join(', ')}.` : undefined,
    },
  );
}

/** A text too long or too short (in characters, not UTF-16 units), or empty. */
function lengthDiagnostic(file: SourceFile, error: ErrorObject, segments: string[], where: string): Diagnostic {
  const params = error.params as Record<string, unknown>;
  const limit = Number(params.limit);
  const length = typeof error.data === 'string' ? [...error.data].length : 0;
  const problem =
    error.keyword === 'maxLength'
      ? `is ${length} characters long; at most ${limit} are allowed`
      : limit === 1
        ? 'must not be empty'
        : `is ${length} characters long; at least ${limit} are needed`;
  return createDiagnostic('E0106', { where, problem }, rangeOfPath(file, segments), { hint: schemaHint(error) });
}

/** The schema problems of one file, one per node and problem. */
export function describeErrors(file: SourceFile, errors: readonly ErrorObject[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  // A misspelt required key gives two schema errors, unknown and missing: report one.
  const misspelt = new Set<string>();
  for (const error of errors) {
    if (error.keyword !== 'additionalProperties') continue;
    const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    const guess = suggest(String((error.params as { additionalProperty: string }).additionalProperty), known);
    if (guess) misspelt.add(`${error.instancePath}\u0000${guess}`);
  }
  for (const error of errors) {
    const missing = (error.params as { missingProperty?: string }).missingProperty;
    if ((error.keyword === 'required' || error.keyword === 'dependencies') && misspelt.has(`${error.instancePath}\u0000${String(missing)}`))
      continue;
    const diagnostic = toDiagnostic(file, error);
    if (!diagnostic) continue;
    const key = `${diagnostic.line}:${diagnostic.column}:${diagnostic.code}:${diagnostic.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    diagnostics.push(diagnostic);
  }
  return diagnostics;
}

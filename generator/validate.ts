import { readFileSync } from 'node:fs';
import path from 'node:path';
import AjvModule from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createDiagnostic, suggest } from './diagnostics.ts';
import type { Diagnostic } from './diagnostics.ts';
import type { ContentKind, LoadedContent, LoadedFile } from './load.ts';
import { rangeOfKey, rangeOfPath } from './load.ts';
import { SCHEMA_DIR } from './paths.ts';

const Ajv = (AjvModule as unknown as { default: typeof AjvModule }).default ?? AjvModule;

const SCHEMA_FILES: Record<ContentKind, string> = {
  region: 'region.schema.json',
  products: 'products.schema.json',
  page: 'page.schema.json',
  messages: 'messages.schema.json',
  stages: 'stages.schema.json',
  constants: 'constants.schema.json',
};

let validators: Record<ContentKind, ValidateFunction> | undefined;

function getValidators(): Record<ContentKind, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true });
  const compile = (file: string) => ajv.compile(JSON.parse(readFileSync(path.join(SCHEMA_DIR, file), 'utf8')));
  const compiled = Object.fromEntries(Object.entries(SCHEMA_FILES).map(([kind, file]) => [kind, compile(file)])) as Record<ContentKind, ValidateFunction>;
  validators = compiled;
  return compiled;
}

function splitPointer(pointer: string): string[] {
  if (!pointer) return [];
  return pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  return `${typeof value === 'string' ? 'the text' : `a ${typeof value}`} ${JSON.stringify(value)}`;
}

function article(type: string): string {
  const names: Record<string, string> = { object: 'a map', array: 'a list', string: 'a text', number: 'a number', integer: 'a whole number', boolean: 'true or false' };
  return names[type] ?? type;
}

function schemaHint(error: ErrorObject): string | undefined {
  const description = (error.parentSchema as { description?: string } | undefined)?.description;
  return description;
}

/** Turns one ajv error into a diagnostic at the YAML node that causes it. */
function toDiagnostic(file: LoadedFile, error: ErrorObject): Diagnostic | undefined {
  const segments = splitPointer(error.instancePath);
  const where = segments.length ? `'${segments.join('.')}'` : 'the file';
  const params = error.params as Record<string, unknown>;
  const propertyName = (error as ErrorObject & { propertyName?: string }).propertyName;
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      return createDiagnostic('E0101', `missing required property '${missing}' in ${where}`, rangeOfPath(file, segments));
    }
    case 'additionalProperties': {
      const unknown = String(params.additionalProperty);
      const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const guess = suggest(unknown, known);
      const required = ((error.parentSchema as { required?: string[] } | undefined)?.required ?? []).includes(guess ?? '');
      const message = `unknown property '${unknown}'${segments.length ? ` in ${where}` : ''}${guess ? `; did you mean '${guess}'?${required ? ` ('${guess}' is required)` : ''}` : ''}`;
      return createDiagnostic('E0102', message, rangeOfKey(file, [...segments, unknown]), {
        hint: known.length ? `Allowed here: ${known.join(', ')}.` : undefined,
      });
    }
    case 'type': {
      const expected = ([] as string[]).concat(params.type as string | string[]).map(article).join(' or ');
      return createDiagnostic('E0103', `${where} must be ${expected}, found ${describeValue(error.data)}`, rangeOfPath(file, segments), { hint: schemaHint(error) });
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const guess = typeof error.data === 'string' ? suggest(error.data, allowed) : undefined;
      const message = `${describeValue(error.data)} is not allowed for ${where}${guess ? `; did you mean '${guess}'?` : ''}`;
      return createDiagnostic('E0104', message, rangeOfPath(file, segments), { hint: `Allowed values: ${allowed.join(', ')}.` });
    }
    case 'pattern':
    case 'format': {
      if (propertyName !== undefined) {
        return createDiagnostic('E0105', `key '${propertyName}' in ${where} must start with a letter and hold only letters, digits and _`, rangeOfKey(file, [...segments, propertyName]));
      }
      return createDiagnostic('E0105', `${describeValue(error.data)} does not have the expected format for ${where}`, rangeOfPath(file, segments), { hint: schemaHint(error) });
    }
    case 'maxLength':
    case 'minLength': {
      const limit = Number(params.limit);
      const length = typeof error.data === 'string' ? [...error.data].length : 0;
      const message =
        error.keyword === 'maxLength'
          ? `${where} is ${length} characters long; at most ${limit} are allowed`
          : limit === 1
            ? `${where} must not be empty`
            : `${where} is ${length} characters long; at least ${limit} are needed`;
      return createDiagnostic('E0106', message, rangeOfPath(file, segments), { hint: schemaHint(error) });
    }
    case 'dependencies': {
      const params2 = error.params as { property: string; missingProperty: string };
      return createDiagnostic('E0101', `'${params2.property}' needs '${params2.missingProperty}' beside it in ${where}`, rangeOfKey(file, [...segments, params2.property]), { hint: schemaHint(error) });
    }
    case 'minItems':
      return createDiagnostic('E0106', `${where} must list at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`, rangeOfPath(file, segments), { hint: schemaHint(error) });
    case 'propertyNames':
      return undefined; // reported by the nested pattern error, at the key
    default:
      return createDiagnostic('E0106', `${where} ${error.message ?? 'is invalid'}`, rangeOfPath(file, segments), { hint: schemaHint(error) });
  }
}

function validateFile(file: LoadedFile, validate: ValidateFunction): Diagnostic[] {
  if (validate(file.data)) return [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const errors = validate.errors ?? [];
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
    if ((error.keyword === 'required' || error.keyword === 'dependencies') && misspelt.has(`${error.instancePath}\u0000${String(missing)}`)) continue;
    const diagnostic = toDiagnostic(file, error);
    if (!diagnostic) continue;
    const key = `${diagnostic.line}:${diagnostic.column}:${diagnostic.code}:${diagnostic.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    diagnostics.push(diagnostic);
  }
  return diagnostics;
}

/** Validates every parsed file against its JSON Schema, marks the valid ones, returns the diagnostics. */
export function validateContent(content: LoadedContent): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const all = getValidators();
  for (const file of content.files) {
    if (file.data === undefined) continue;
    file.schemaDiagnostics ??= validateFile(file, all[file.kind]);
    file.valid = file.schemaDiagnostics.length === 0;
    diagnostics.push(...file.schemaDiagnostics);
  }
  return diagnostics;
}

import { didYouMean } from '../suggest.ts';
import { define } from './define.ts';

/** Codes E00xx (reading files: the content folder, YAML) and E01xx (the schema). */
export const CONTENT_ERRORS = {
  E0001: define<{ reason: string }>({
    title: 'YAML syntax error',
    message: ({ reason }) => reason,
    hint: 'Fix the YAML syntax at the marked position (indentation, quotes, colons).',
    example: 'currency: [USD',
    fix: 'Close the bracket, or write the value without brackets.',
  }),
  E0002: define<{ folder: string }>({
    title: 'Content folder not found',
    message: ({ folder }) => `content folder '${folder}' does not exist or is not a folder`,
    hint: 'Pass --content <dir> pointing at the folder that holds regions/, pages/ and messages/.',
    example: 'build-region --check --content contnet',
    fix: 'Point --content at the folder holding regions/, pages/ and messages/.',
  }),
  E0003: define<{ id: string }>({
    title: 'File in an unknown place',
    message: ({ id }) => `'${id}' is not in a place the compiler reads`,
    hint: 'Content files live in regions/<code>/region.yaml, regions/<code>/products.yaml, pages/<page>/<name>.yaml, messages/<locale>.yaml, stages.yaml, constants.yaml and glossary.yaml.',
    example: 'content/regions/us/extra.yaml',
    fix: 'Move the file to where its kind lives, or remove it.',
  }),
  E0004: define<{ reason: string }>({
    title: 'Duplicate key in a YAML map',
    message: ({ reason }) => reason,
    hint: 'Remove or rename one of the two keys.',
    example: 'label: A\\nlabel: B',
    fix: 'Keep one of the two keys.',
  }),
  E0101: define<{ where: string; property: string; beside?: string }>({
    title: 'Missing required property',
    message: ({ where, property, beside }) =>
      beside === undefined
        ? `missing required property '${property}' in ${where}`
        : `'${beside}' needs '${property}' beside it in ${where}`,
    hint: 'Add the property; the schema in schema/ describes it.',
    example: 'a page file without heading:',
    fix: 'Add the property named in the message.',
  }),
  E0102: define<{ where?: string; property: string; guess?: string; guessRequired?: boolean }>({
    title: 'Unknown property',
    message: ({ where, property, guess, guessRequired }) =>
      `unknown property '${property}'${where ? ` in ${where}` : ''}${didYouMean(guess)}${guessRequired ? ` ('${guess}' is required)` : ''}`,
    example: 'headline: ... (in a page file)',
    fix: "Rename it as suggested ('heading'), or remove it.",
  }),
  E0103: define<{ where: string; expected: string; found: string }>({
    title: 'Wrong type',
    message: ({ where, expected, found }) => `${where} must be ${expected}, found ${found}`,
    example: 'routes: home',
    fix: 'Write the value with the type named in the message (here a list: `routes: [{ page: home }]`).',
  }),
  E0104: define<{ where: string; found: string; guess?: string }>({
    title: 'Value not allowed',
    message: ({ where, found, guess }) => `${found} is not allowed for ${where}${didYouMean(guess)}`,
    example: 'kind: fqa (on a route)',
    fix: 'Use one of the allowed values listed in the hint.',
  }),
  E0105: define<{ where: string; found?: string; key?: string }>({
    title: 'Value does not match the expected format',
    message: ({ where, found, key }) =>
      key !== undefined
        ? `key '${key}' in ${where} does not have the expected format`
        : `${found ?? 'the value'} does not have the expected format for ${where}`,
    example: 'origin: http://www.example.com/',
    fix: 'Follow the format the hint describes (https, no trailing slash).',
  }),
  E0106: define<{ where: string; problem: string }>({
    title: 'Schema violation',
    message: ({ where, problem }) => `${where} ${problem}`,
    example: 'title: "" (empty)',
    fix: 'Fix the value as the message says.',
  }),
} as const;

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// An independent judge of XLIFF validity: libxml2's xmllint (Debian's libxml2-utils, installed by
// .ci/run) against the OASIS XML Schemas vendored in tests/fixtures/xliff-schemas/ (their README
// says where each comes from). Neither the exporter's libraries nor our code decide the verdict.

/** Debian's xmllint, or the one named by XMLLINT_PATH. */
export const XMLLINT_PATH = process.env.XMLLINT_PATH ?? '/usr/bin/xmllint';

const SCHEMAS = fileURLToPath(new URL('../fixtures/xliff-schemas/', import.meta.url));

/**
 * The schema each version is judged by. 2.0: the core and the Size and Length Restriction module
 * together (the core admits module attributes and elements through lax wildcards, which xmllint
 * checks only against declarations it has loaded). 1.2: the strict schema.
 */
export const XLIFF_SCHEMA = {
  '2.0': path.join(SCHEMAS, 'xliff-2.0-with-size-restriction.xsd'),
  '1.2': path.join(SCHEMAS, 'xliff-core-1.2-strict.xsd'),
} as const;

/** The name the document has in xmllint's messages (it validates a temporary copy of it). */
const DOCUMENT = 'document.xlf';

/**
 * Validates an XLIFF document with `xmllint --noout --nonet --schema`: xmllint's error lines, none
 * when the document is valid. A document that is not well-formed is an error like any other;
 * throws only when xmllint cannot judge (not installed, or a schema that does not compile).
 */
export async function validateXliff(xml: string, version: '2.0' | '1.2'): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'xliff-schema-'));
  const file = path.join(dir, DOCUMENT);
  try {
    await writeFile(file, xml);
    const { code, stderr } = await run(XMLLINT_PATH, ['--noout', '--nonet', '--schema', XLIFF_SCHEMA[version], file]);
    const lines = stderr
      .split(file)
      .join(DOCUMENT)
      .split('\n')
      .filter((line) => line.trim() !== '' && line !== `${DOCUMENT} validates` && line !== `${DOCUMENT} fails to validate`);
    // xmllint's exit status: 0 valid, 1 not well-formed, 3 or 4 not valid; any other is no verdict.
    if (code === 0) return [];
    if ((code === 1 || code === 3 || code === 4) && lines.length > 0) return lines;
    throw new Error(`${XMLLINT_PATH} could not validate against ${XLIFF_SCHEMA[version]} (exit ${code}):\n${stderr}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { encoding: 'utf8' }, (error, _stdout, stderr) => {
      if (error === null) resolve({ code: 0, stderr });
      else if (typeof error.code === 'number') resolve({ code: error.code, stderr });
      else reject(new Error(`cannot run ${command} (apt-get install libxml2-utils, or set XMLLINT_PATH): ${error.message}`));
    });
  });
}

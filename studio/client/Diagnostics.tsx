import type { StudioDiagnostic } from '../api.ts';

/** "2 errors, 1 warning", or that there is nothing to fix. */
export function problemsText(diagnostics: readonly StudioDiagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  if (diagnostics.length === 0) return 'No problems in this file.';
  const words = [
    errors > 0 && `${errors} ${errors === 1 ? 'error' : 'errors'}`,
    warnings > 0 && `${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`,
  ];
  return `${words.filter(Boolean).join(', ')} in this file.`;
}

/**
 * The file's diagnostics, as `--check` gives them (code, message, hint, file:line:col), updated
 * as the maintainer types: the count is announced to screen readers (a polite live region), and
 * each entry moves the editor to its place.
 */
export function Diagnostics({
  diagnostics,
  moveTo,
}: {
  diagnostics: readonly StudioDiagnostic[];
  moveTo: (line: number, column: number) => void;
}) {
  return (
    <section className="diagnostics" aria-labelledby="problems-title">
      <h2 id="problems-title">Problems</h2>
      <p role="status" aria-live="polite">
        {problemsText(diagnostics)}
      </p>
      <ul>
        {diagnostics.map((d) => (
          <li key={`${d.code}:${d.line}:${d.column}:${d.message}`} className={d.severity}>
            <button type="button" onClick={() => moveTo(d.line, d.column)}>
              <span className="where">
                {d.file}:{d.line}:{d.column}
              </span>{' '}
              <span className="severity">{d.severity}</span> <span className="code">{d.code}</span>: {d.message}
            </button>
            {d.hint && <p className="hint">{d.hint}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

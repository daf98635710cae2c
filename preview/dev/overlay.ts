// Vite's error overlay in the dev server (preview/dev/index.ts): a content error shown with the CLI's
// diagnostic, the preview's own tip, and the overlay cleared once the content is valid again.
import type { CompileResult } from '../../generator/index.ts';
import { formatDiagnostic } from '../../generator/index.ts';

/** The overlay's payload for a failed compile: the first error's place, every error's text. */
export function overlayError(compiled: CompileResult) {
  const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
  const first = errors[0]!;
  const text = errors.map((d) => formatDiagnostic(d, { color: false, sources: compiled.sources }));
  const [headline, ...frame] = text[0]!.split('\n');
  return {
    message: `${headline}${errors.length > 1 ? `\n(and ${errors.length - 1} more: see the terminal)` : ''}`,
    stack: '',
    id: first.file,
    frame: frame.join('\n').trim(),
    loc: { file: first.file, line: first.line, column: first.column },
    plugin: 'build-region',
  };
}

/**
 * What the overlay's tip says instead of Vite's (which tells to set an option in a
 * vite.config.js: the preview has none, and a content error is fixed in the content).
 */
export const OVERLAY_TIP =
  'Fix the content file named above and save it: this goes away by itself once the content is valid (the terminal lists every problem). Click outside or press Esc to hide it until then.';

/**
 * Clears the overlay when the content is valid again, without reloading the page, and puts the
 * preview's own tip in every overlay Vite shows (its `tip` part, in the overlay's open shadow root).
 */
export const CONTENT_OK_CLIENT = `<script type="module">
import { createHotContext } from '/@vite/client';
const hot = createHotContext('/@build-region/content');
hot.on('build-region:content-ok', () => document.querySelectorAll('vite-error-overlay').forEach((overlay) => overlay.remove()));
const retip = () => document.querySelectorAll('vite-error-overlay').forEach((overlay) => {
  const tip = overlay.shadowRoot && overlay.shadowRoot.querySelector('[part="tip"]');
  if (tip && tip.textContent !== ${JSON.stringify(OVERLAY_TIP)}) tip.textContent = ${JSON.stringify(OVERLAY_TIP)};
});
new MutationObserver(retip).observe(document.body, { childList: true });
retip();
</script>`;

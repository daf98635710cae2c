// The review page's only script (preview/review/page.ts, docs/review.md "Marks"): the ticks of
// "Seen, as intended" kept in the browser (localStorage, under the review's key, so that a reload
// or a second look keeps them) and downloaded as a marks file, the marks of the ticked boxes.
// Without it the page shows everything the same; only the ticks are not kept.
import { MARKS_FILE } from './marks.ts';

/** The script, as the page inlines it (no network: the page opens from a CI artefact). */
export const MARKS_SCRIPT = `(() => {
  const bar = document.querySelector('.marks');
  const boxes = [...document.querySelectorAll('input[data-mark]')];
  const count = document.getElementById('marks-count');
  const key = 'build-region-review-marks:' + bar.dataset.review;
  let kept = {};
  try {
    kept = JSON.parse(localStorage.getItem(key) || '{}') || {};
  } catch {}
  const say = () => {
    const ticked = boxes.filter((box) => box.checked).length;
    count.textContent = ticked + ' of ' + boxes.length + ' changed picture' + (boxes.length === 1 ? '' : 's') + ' marked as seen, as intended.';
  };
  // The count the page was written with stands (it names the marks file) unless ticks kept here change it.
  const restored = boxes.filter((box) => typeof kept[box.dataset.mark] === 'boolean' && box.checked !== kept[box.dataset.mark]);
  for (const box of restored) box.checked = kept[box.dataset.mark];
  if (restored.length > 0) say();
  for (const box of boxes)
    box.addEventListener('change', () => {
      kept[box.dataset.mark] = box.checked;
      try {
        localStorage.setItem(key, JSON.stringify(kept));
      } catch {}
      say();
    });
  document.getElementById('download-marks').addEventListener('click', () => {
    const marks = boxes.filter((box) => box.checked).map((box) => JSON.parse(box.dataset.mark));
    const file = { format: bar.dataset.format, revision: bar.dataset.revision, marks };
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2) + '\\n'], { type: 'application/json' }));
    link.download = '${MARKS_FILE}';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  });
})();`;

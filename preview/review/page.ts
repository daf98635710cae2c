// The review's two renderings (docs/review.md): the review page (index.html), every picture in
// one HTML file, and the job summary (summary.md), a table without pictures. Both say which
// changed pictures are marked as seen (review/marks.ts).
import { createHash } from 'node:crypto';
import { escapeHtml, renderSize } from './figures.ts';
import { MARKS_FILE, MARKS_FORMAT, isMarked, markId, markOf } from './marks.ts';
import type { ReadMarks } from './marks.ts';
import { MARKS_SCRIPT } from './marks-script.ts';
import type { PageToReview, PictureResult } from './types.ts';

const iso = (time: number) => new Date(time).toISOString().replace('.000Z', 'Z');

/** The pictures of each page at each instant, in the order pictured. */
function byPage(pictures: readonly PictureResult[]): PictureResult[][] {
  const groups = new Map<string, PictureResult[]>();
  for (const picture of pictures) {
    const key = `${picture.region}\0${picture.path}\0${picture.at}`;
    groups.set(key, [...(groups.get(key) ?? []), picture]);
  }
  return [...groups.values()];
}

/** The changed pictures that a mark applies to, each with its mark and whether the marks read hold it. */
function markable(review: { now: number; pictures: readonly PictureResult[]; marks?: ReadMarks | undefined }) {
  const held = new Set((review.marks?.marks ?? []).map(markId));
  return review.pictures.flatMap((picture) => {
    const mark = markOf(picture, review.now);
    return mark ? [{ picture, mark, marked: isMarked(picture, review.now, held) }] : [];
  });
}

/**
 * The marks' bar above the pages (sticky): how many changed pictures are marked, the download of
 * the marks, and what to do with the file. The page's script (review/marks-script.ts) keeps the
 * ticks in the browser, under a key of this review (its revision, instant and pictures).
 */
function marksBar(review: { revision: string; now: number; pictures: readonly PictureResult[]; marks?: ReadMarks | undefined }): string {
  const list = markable(review);
  if (list.length === 0) return '';
  const key = createHash('sha256')
    .update([review.revision, String(review.now), ...list.map(({ mark }) => markId(mark))].join('\n'))
    .digest('hex')
    .slice(0, 16);
  const marked = list.filter((m) => m.marked).length;
  const from = review.marks && review.marks.marks.length > 0 ? ` (${marked} from ${review.marks.file})` : '';
  const problems = (review.marks?.problems ?? []).map((p) => `<p class="problem">${escapeHtml(p)}.</p>`).join('');
  return `<p class="hint">Tick &#34;Seen, as intended&#34; at each changed picture you have looked at: the ticks stay in this browser. For the next review to count them, download the marks and commit the file as <code>${MARKS_FILE}</code> at the repository's root (or pass it with <code>--marks</code>). A mark holds while the page's after picture stays the same.</p>${problems}
<div class="marks" role="region" aria-label="Marks" data-review="${key}" data-format="${escapeHtml(MARKS_FORMAT)}" data-revision="${escapeHtml(review.revision)}">
<span id="marks-count" aria-live="polite">${marked} of ${list.length} changed picture${list.length === 1 ? '' : 's'} marked as seen, as intended${from}.</span>
<button type="button" id="download-marks">Download the marks</button>
</div>`;
}

/** The review page: one HTML file with every picture in it (no network needed: a CI artefact). */
export function renderReviewPage(review: {
  revision: string;
  now: number;
  pages: readonly PageToReview[];
  pictures: readonly PictureResult[];
  /** The marks read (review/marks.ts): the pictures they hold for show ticked. */
  marks?: ReadMarks | undefined;
}): string {
  const groups = byPage(review.pictures);
  const changed = groups.filter((list) => list.some((p) => p.changed > 0));
  const unchanged = groups.filter((list) => list.every((p) => p.changed === 0));
  const marks = new Map(markable(review).map((m) => [m.picture, m]));
  const section = (list: PictureResult[]) => {
    const first = list[0]!;
    const title = `${first.region} ${first.path} at ${iso(first.at)}${first.at === review.now ? '' : ' (later instant)'}`;
    return `<section class="page" id="${escapeHtml(`${first.region}-${first.path}-${first.at}`.replace(/[^\w-]/g, '_'))}">
<h3>${escapeHtml(title)}</h3>
<ul class="words">${first.changes.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>
${list.map((p) => renderSize(p, marks.get(p)?.mark, marks.get(p)?.marked ?? false, first.at === review.now ? '' : ` at ${iso(first.at)}`)).join('\n')}
</section>`;
  };
  const regions = [...new Set(changed.map((list) => list[0]!.region))];
  const bar = marksBar(review);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pictures of the change since ${escapeHtml(review.revision)}</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1500px;padding:1rem 1.5rem;color:#1b1f24}
h1{font-size:1.5rem}h2{margin-top:2rem;border-bottom:2px solid #d0d7de}h3{margin:1.5rem 0 .3rem}h4{font-size:.95rem;margin:.8rem 0 .3rem}h5{font-size:.9rem;font-weight:600;margin:.7rem 0 .3rem;color:#3d444d}
.words{margin:.2rem 0 .6rem;padding-left:1.2rem;color:#3d444d}
.trio{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:.8rem;align-items:start}
figure{margin:0}figcaption{font-weight:600;margin-bottom:.2rem}
.shot{position:relative;overflow:hidden}
img{display:block;width:100%;height:auto;border:1px solid #d0d7de;box-sizing:border-box}
.size>.trio img{max-height:70vh;object-fit:cover;object-position:top}
.crops .shot{width:fit-content;max-width:100%}.crops img{width:auto;max-width:100%}
.boxes{position:absolute;left:0;top:0;width:100%;height:auto;pointer-events:none;overflow:visible}
.boxes rect{fill:none;vector-effect:non-scaling-stroke}.halo rect{stroke:#fff;stroke-width:5}.box rect{stroke:#c4007a;stroke-width:2.5}
.boxes text{font:700 1em system-ui,sans-serif;fill:#c4007a;stroke:#fff;stroke-width:3px;paint-order:stroke}.halo text{display:none}
details.whole{margin:.6rem 0 1rem}.area{margin-bottom:1.2rem}details.whole summary{cursor:pointer;color:#0550ae;font-weight:600}details.whole .trio{margin-top:.5rem}
.none{color:#59636e;font-style:italic}
.key span{display:inline-block;width:.8em;height:.8em;vertical-align:middle;margin:0 .2em}
.marks{position:sticky;top:0;z-index:1;background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:.4rem .8rem;margin:.5rem 0 1rem}
.hint{font-size:.9rem;color:#3d444d;margin-bottom:.3rem}.problem{color:#a40e26;font-weight:600}
.marks button{margin-left:.6rem;font:inherit;padding:.15rem .6rem}
section.page{scroll-margin-top:3.5rem}
.seen{display:inline-block;margin:.1rem 0 .3rem;padding:.15rem .5rem;border:1px solid #d0d7de;border-radius:6px;background:#f6f8fa;font-weight:600;cursor:pointer}
.seen:has(:checked){background:#dafbe1;border-color:#1a7f37}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
</style>
</head>
<body>
<main>
<h1>Pictures of the change since ${escapeHtml(review.revision)}</h1>
<p>At ${escapeHtml(iso(review.now))}: ${groups.length === 0 ? 'no page shows a visible change (nothing was pictured).' : `${groups.length} page${groups.length === 1 ? '' : 's'} pictured before and after, ${changed.length} with changed pixels, ${unchanged.length} without.`}
In the difference, <span class="key">changed pixels are <span style="background:#dc0000"></span>red where the page got darker and <span style="background:#005ae0"></span>blue where it got lighter</span>; the rest is the before picture, faded. Each area of changed pixels is <span class="key"><span style="border:2px solid #c4007a"></span>boxed</span> and shown first, cropped with some of the page around it; the whole page is a click away.</p>
${bar}
${regions
  .map(
    (region) =>
      `<h2>${escapeHtml(region)}</h2>\n${changed
        .filter((list) => list[0]!.region === region)
        .map(section)
        .join('\n')}`,
  )
  .join('\n')}
<h2>No visible pixel change</h2>
${unchanged.length === 0 ? '<p>None: every page pictured shows its change.</p>' : `<ul>${unchanged.map((list) => `<li>${escapeHtml(`${list[0]!.region} ${list[0]!.path} at ${iso(list[0]!.at)}`)}: ${list[0]!.changes.map(escapeHtml).join('; ')}</li>`).join('')}</ul>`}
</main>
${bar ? `<script>${MARKS_SCRIPT}</script>` : ''}
</body>
</html>
`;
}

/**
 * The review as a GitHub job summary (summary.md, docs/review.md): a table of the pages pictured,
 * those with changed pixels first, with the changed pixels at each width (and "seen" where a
 * mark holds), then the changed pictures nobody has marked as seen yet. No pictures: GitHub's
 * Markdown drops images given as data URLs and a job summary cannot link a file of the runner,
 * so the pictures stay in the review page (index.html), which the workflow uploads as an
 * artifact and links below this.
 */
export function renderReviewSummary(review: {
  revision: string;
  now: number;
  pictures: readonly PictureResult[];
  /** The marks read (review/marks.ts). */
  marks?: ReadMarks | undefined;
}): string {
  // A table cell: no line break, no column separator, no HTML.
  const cell = (text: string) => text.replace(/[\r\n]+/g, ' ').replace(/[|\\`*_[\]<>]/g, (c) => `\\${c}`);
  const lists = byPage(review.pictures);
  const changed = lists.filter((list) => list.some((p) => p.changed > 0));
  const sizes = [...new Set(review.pictures.map((p) => p.size))];
  const marked = new Set(markable(review).flatMap((m) => (m.marked ? [m.picture] : [])));
  const lines = [`### Pictures of the change since ${cell(review.revision)}`, ''];
  if (lists.length === 0)
    return `${[...lines, `At ${iso(review.now)}: no page shows a visible change (nothing was pictured).`].join('\n')}\n`;
  lines.push(
    `At ${iso(review.now)}: ${lists.length} page${lists.length === 1 ? '' : 's'} pictured before and after, ${changed.length} with changed pixels.`,
    '',
  );
  lines.push(
    `| region | page | instant | ${sizes.map((size) => `${cell(size)}: changed pixels`).join(' | ')} | what changed |`,
    `|---|---|---|${sizes.map(() => '---:|').join('')}---|`,
  );
  for (const list of [...changed, ...lists.filter((l) => !changed.includes(l))]) {
    const first = list[0]!;
    const pixels = sizes.map((size) => {
      const p = list.find((q) => q.size === size);
      if (!p) return '';
      return `${p.changed.toLocaleString('en-US')}${p.missing ? ` (page only ${p.missing === 'before' ? 'after' : 'before'})` : ''}${marked.has(p) ? ', seen' : ''}`;
    });
    lines.push(
      `| ${cell(first.region)} | ${cell(first.path)} | ${iso(first.at)}${first.at === review.now ? '' : ' (later)'} | ${pixels.join(' | ')} | ${cell(first.changes.join('; '))} |`,
    );
  }
  lines.push('', ...summaryMarks(review, cell));
  lines.push('Before, after and the difference of each: the review page, `index.html` of the artifact below.');
  return `${lines.join('\n')}\n`;
}

/**
 * The summary's lines on the marks: what was wrong with the marks file, then the changed
 * pictures not marked as seen (by page and instant, with their widths), or that all are.
 */
function summaryMarks(
  review: { now: number; pictures: readonly PictureResult[]; marks?: ReadMarks | undefined },
  cell: (text: string) => string,
): string[] {
  const list = markable(review);
  if (list.length === 0) return [];
  const lines = (review.marks?.problems ?? []).map((problem) => `The marks: ${cell(problem)}.`);
  const unmarked = byPage(list.filter((m) => !m.marked).map((m) => m.picture));
  if (unmarked.length === 0)
    lines.push(
      `All ${list.length} changed picture${list.length === 1 ? ' is' : 's are'} marked as seen, as intended${review.marks ? ` (${cell(review.marks.file)})` : ''}.`,
    );
  else {
    const pages = unmarked.map((pictures) => {
      const first = pictures[0]!;
      const when = first.at === review.now ? '' : ` at ${iso(first.at)}`;
      return `${cell(`${first.region} ${first.path}${when}`)} (${pictures.map((p) => cell(p.size)).join(', ')})`;
    });
    const count = list.length - list.filter((m) => m.marked).length;
    lines.push(
      `Not yet marked as seen: ${pages.join('; ')}. (${count} of ${list.length} changed picture${list.length === 1 ? '' : 's'}: tick "Seen, as intended" in the review page, download the marks and commit them as \`${MARKS_FILE}\`.)`,
    );
  }
  return [...lines, ''];
}

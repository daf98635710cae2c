// The review's two renderings (docs/review.md): the review page (index.html), every picture in
// one HTML file, and the job summary (summary.md), a table without pictures.
import type { PageToReview, PictureResult } from './review.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const dataUrl = (picture: Buffer) => `data:image/jpeg;base64,${picture.toString('base64')}`;

/** The review page: one HTML file with every picture in it (no network needed: a CI artefact). */
export function renderReviewPage(review: {
  revision: string;
  now: number;
  pages: readonly PageToReview[];
  pictures: readonly PictureResult[];
}): string {
  const iso = (time: number) => new Date(time).toISOString().replace('.000Z', 'Z');
  const groups = new Map<string, PictureResult[]>();
  for (const picture of review.pictures) {
    const key = `${picture.region}\0${picture.path}\0${picture.at}`;
    groups.set(key, [...(groups.get(key) ?? []), picture]);
  }
  const changed = [...groups.values()].filter((list) => list.some((p) => p.changed > 0));
  const unchanged = [...groups.values()].filter((list) => list.every((p) => p.changed === 0));
  const figure = (label: string, picture: Buffer | undefined, alt: string) =>
    picture
      ? `<figure><figcaption>${label}</figcaption><img src="${dataUrl(picture)}" alt="${escapeHtml(alt)}" loading="lazy"></figure>`
      : `<figure><figcaption>${label}</figcaption><p class="none">no such page</p></figure>`;
  const section = (list: PictureResult[]) => {
    const first = list[0]!;
    const title = `${first.region} ${first.path} at ${iso(first.at)}${first.at === review.now ? '' : ' (later instant)'}`;
    return `<section class="page" id="${escapeHtml(`${first.region}-${first.path}-${first.at}`.replace(/[^\w-]/g, '_'))}">
<h3>${escapeHtml(title)}</h3>
<ul class="words">${first.changes.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>
${list
  .map(
    (
      p,
    ) => `<div class="size"><h4>${escapeHtml(p.size)} (${p.width} px wide): ${p.changed.toLocaleString('en-US')} pixel${p.changed === 1 ? '' : 's'} changed${p.missing ? `, page only ${p.missing === 'before' ? 'after' : 'before'}` : ''}</h4>
<div class="trio">${figure('Before', p.before, `${p.path} before, ${p.size}`)}${figure('After', p.after, `${p.path} after, ${p.size}`)}${figure('Difference', p.difference, `changed pixels of ${p.path}, ${p.size}`)}</div></div>`,
  )
  .join('\n')}
</section>`;
  };
  const regions = [...new Set(changed.map((list) => list[0]!.region))];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pictures of the change since ${escapeHtml(review.revision)}</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1500px;padding:1rem 1.5rem;color:#1b1f24}
h1{font-size:1.5rem}h2{margin-top:2rem;border-bottom:2px solid #d0d7de}h3{margin:1.5rem 0 .3rem}h4{font-size:.95rem;margin:.8rem 0 .3rem}
.words{margin:.2rem 0 .6rem;padding-left:1.2rem;color:#3d444d}
.trio{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:.8rem;align-items:start}
figure{margin:0}figcaption{font-weight:600;margin-bottom:.2rem}
img{width:100%;height:auto;border:1px solid #d0d7de}
.size:has(h4) img{max-height:70vh;object-fit:cover;object-position:top}
.none{color:#59636e;font-style:italic}
.key span{display:inline-block;width:.8em;height:.8em;vertical-align:middle;margin:0 .2em}
</style>
</head>
<body>
<h1>Pictures of the change since ${escapeHtml(review.revision)}</h1>
<p>At ${escapeHtml(iso(review.now))}: ${groups.size === 0 ? 'no page shows a visible change (nothing was pictured).' : `${groups.size} page${groups.size === 1 ? '' : 's'} pictured before and after, ${changed.length} with changed pixels, ${unchanged.length} without.`}
In the difference, <span class="key">changed pixels are <span style="background:#dc0000"></span>red where the page got darker and <span style="background:#005ae0"></span>blue where it got lighter</span>; the rest is the before picture, faded.</p>
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
</body>
</html>
`;
}

/**
 * The review as a GitHub job summary (summary.md, docs/review.md): a table of the pages pictured,
 * those with changed pixels first, with the changed pixels at each width. No pictures: GitHub's
 * Markdown drops images given as data URLs and a job summary cannot link a file of the runner,
 * so the pictures stay in the review page (index.html), which the workflow uploads as an
 * artifact and links below this.
 */
export function renderReviewSummary(review: { revision: string; now: number; pictures: readonly PictureResult[] }): string {
  const iso = (time: number) => new Date(time).toISOString().replace('.000Z', 'Z');
  // A table cell: no line break, no column separator, no HTML.
  const cell = (text: string) => text.replace(/[\r\n]+/g, ' ').replace(/[|\\`*_[\]<>]/g, (c) => `\\${c}`);
  const groups = new Map<string, PictureResult[]>();
  for (const picture of review.pictures) {
    const key = `${picture.region}\0${picture.path}\0${picture.at}`;
    groups.set(key, [...(groups.get(key) ?? []), picture]);
  }
  const lists = [...groups.values()];
  const changed = lists.filter((list) => list.some((p) => p.changed > 0));
  const sizes = [...new Set(review.pictures.map((p) => p.size))];
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
      return `${p.changed.toLocaleString('en-US')}${p.missing ? ` (page only ${p.missing === 'before' ? 'after' : 'before'})` : ''}`;
    });
    lines.push(
      `| ${cell(first.region)} | ${cell(first.path)} | ${iso(first.at)}${first.at === review.now ? '' : ' (later)'} | ${pixels.join(' | ')} | ${cell(first.changes.join('; '))} |`,
    );
  }
  lines.push('', 'Before, after and the difference of each: the review page, `index.html` of the artifact below.');
  return `${lines.join('\n')}\n`;
}

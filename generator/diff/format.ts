import type { DiffSection, VisibleChange } from './region.ts';

/** The sections in the order a region's changes list them. */
const SECTIONS: readonly DiffSection[] = [
  'pages',
  'prices and offers',
  'banners',
  'navigation',
  'windows and stages',
  'texts',
  'mail',
  'page heads',
  'schedule',
  'settings',
  'translations',
];

/** The changes as text (a terminal) or markdown (a pull-request comment, a job summary). */
export function formatChanges(changes: readonly VisibleChange[], revision: string, format: 'text' | 'markdown'): string {
  const title = `What visitors see change since ${revision}`;
  if (changes.length === 0) return format === 'markdown' ? `### ${title}\n\nNo visible change.\n` : 'No visible change.\n';
  const out: string[] = [format === 'markdown' ? `### ${title}` : `${title}:`];
  const regions = [...new Set(changes.map((c) => c.region))];
  for (const region of regions) {
    const own = changes.filter((c) => c.region === region);
    out.push(format === 'markdown' ? `\n#### ${region} (${own.length} change${own.length === 1 ? '' : 's'})\n` : `\n${region}:`);
    for (const section of SECTIONS) {
      const inSection = own.filter((c) => c.section === section);
      if (inSection.length === 0) continue;
      out.push(format === 'markdown' ? `**${section}**\n` : `  ${section}:`);
      const escape = (text: string) => text.replace(/([\\`*_[\]<|])/g, '\\$1');
      for (const c of inSection) out.push(format === 'markdown' ? `- ${escape(c.change)}` : `    ${c.change}`);
      if (format === 'markdown') out.push('');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

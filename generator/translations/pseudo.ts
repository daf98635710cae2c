import type { RegionData } from '../../core/model.ts';
import type { SiteModel } from '../resolve/index.ts';

/**
 * Pseudo-localisation (docs/translations.md): every text a visitor reads, accented and about 40%
 * longer, its words longer too (as German's are), so that a layout that breaks with a long text
 * shows before a translator's text arrives. `build-region --pseudo us --out dist-pseudo`.
 * Placeholders (`{email}`) and everything that is no text (paths, codes, prices, dates) stay.
 */

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'áƀçđéƒĝĥíĵķĺɱñóþǫŕšťúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŤÚṼŴẊÝŽ'][index]!,
  ]),
);

/** A text pseudo-localised: each word accented and lengthened by about 40% (its vowels doubled in turn), placeholders kept. */
export function pseudoText(text: string): string {
  return text
    .split(/(\{[A-Za-z0-9_]+\}|\s+)/)
    .map((part) => {
      if (part === '' || /^\s+$/.test(part) || /^\{[A-Za-z0-9_]+\}$/.test(part)) return part;
      const letters = [...part];
      const extra = Math.ceil(letters.filter((c) => /[A-Za-z]/.test(c)).length * 0.4);
      let added = 0;
      return letters
        .map((c) => {
          const accented = ACCENTED[c] ?? c;
          if (added < extra && /[aeiouyAEIOUY]/.test(c)) {
            added++;
            return accented + accented.toLowerCase();
          }
          return accented;
        })
        .join('')
        .concat(added < extra ? '~'.repeat(extra - added) : '');
    })
    .join('');
}

/** The keys whose string values are texts a visitor reads (anything else, paths and codes, stays). */
const TEXT_KEYS = new Set([
  'label',
  'title',
  'text',
  'heading',
  'lead',
  'description',
  'name',
  'alt',
  'caption',
  'button',
  'tagline',
  'keywords',
  'value',
  'copyright',
  'agreement',
  'format',
]);

function pseudoValue(value: unknown, isText: boolean): unknown {
  if (typeof value === 'string') return isText ? pseudoText(value) : value;
  if (Array.isArray(value)) return value.map((item) => pseudoValue(item, isText));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, pseudoValue(item, TEXT_KEYS.has(key))]));
  return value;
}

/** A region with every text pseudo-localised: its catalogue, its page texts, its products' names and the labels of its navigation, banners and footer. */
export function pseudoRegion(region: RegionData): RegionData {
  const { messages, ...rest } = region;
  return {
    ...(pseudoValue(rest, false) as Omit<RegionData, 'messages'>),
    messages: Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, pseudoText(text)])),
  };
}

/** The model with every region pseudo-localised. */
export function pseudoModel(model: SiteModel): SiteModel {
  return { ...model, regions: model.regions.map((region) => ({ ...region, data: pseudoRegion(region.data) })) };
}

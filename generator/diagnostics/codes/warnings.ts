import { didYouMean } from '../suggest.ts';
import { define } from './define.ts';

/** Codes W03xx (content that builds but is likely a mistake) and W04xx (translations). */
export const WARNINGS = {
  W0301: define<{ product: string; activityPrice: number; price: number }>({
    title: 'Activity price not below the price',
    message: ({ product, activityPrice, price }) => `activity price ${activityPrice} of '${product}' is not below its price ${price}`,
    hint: 'A promotion price is expected to be lower than the regular price.',
    example: 'price: 699, activityPrice: 699',
    fix: 'Lower the activity price, or remove it.',
  }),
  W0302: define<{ product: string }>({
    title: 'Sold-out product with a buy link',
    message: ({ product }) => `'${product}' is sold out (stock 0) but has a buy link`,
    hint: 'Remove the buy link, or set the stock above 0.',
    example: 'stock: 0 with buy: https://...',
    fix: 'Empty the buy link while sold out.',
  }),
  W0303: define<{ list: string; stages: readonly number[]; current: number }>({
    title: 'Stage window already over',
    message: ({ list, stages, current }) =>
      `${stages.length === 1 ? `stage ${stages[0]} of '${list}' is` : `stages ${stages.join(', ')} of '${list}' are all`} over (the current stage is ${current}); this never shows again`,
    hint: 'The item can never show again: remove it or move it to a later stage.',
    example: 'stage: [1] of a list whose stage 1 ended',
    fix: 'Remove the item or move it to a later stage.',
  }),
  W0304: define<{ link: string; list: string; stages: readonly number[] }>({
    title: 'Link never open together with its page',
    message: ({ link, list, stages }) =>
      `the link to ${link} shows only in stage${stages.length === 1 ? '' : 's'} ${stages.join(', ')} of '${list}', which never overlap${stages.length === 1 ? 's' : ''} the page's window: it never shows`,
    hint: 'A link to a time-windowed page shows while the page is open and its own stages gate is open; here they never are at once.',
    example: 'a Black Friday nav item gated to a Halloween stage',
    fix: "Gate the link to a stage within the page's window, or drop its stages.",
  }),
  W0305: define<{ product: string; start: string; since: string; none?: boolean }>({
    title: 'Prior price not known for the whole 30 days',
    message: ({ product, start, since, none }) =>
      none
        ? `the price of '${product}' in the 30 days before its reduction from ${start} is unknown to this clone (a shallow history from ${since}): the reduced price is shown without a prior price`
        : `the price of '${product}' before ${since} is unknown to this clone (a shallow history), so the prior price of its reduction from ${start} is the lowest since ${since} only`,
    hint: 'The prior price is the lowest of the 30 days before a reduction, read from the content and its git history. Fetch the whole history (git fetch --unshallow; in GitHub Actions, actions/checkout with fetch-depth: 0).',
    example: 'a reduction in a region with market.priorPrice, built from a clone made with --depth 1',
    fix: 'Build from a clone with the whole history.',
  }),
  W0306: define<{ product: string; start: string; since?: string }>({
    title: 'Product on sale for less than 30 days before its reduction',
    message: ({ product, start, since }) =>
      since === undefined
        ? `'${product}' was not on sale in the 30 days before its reduction from ${start}: there is no prior price, so the reduced price is shown without one and without a struck-through price`
        : `'${product}' has been on sale only since ${since}, less than 30 days before its reduction from ${start}: its prior price is the lowest since then`,
    hint: 'A reduction is announced against the lowest price of the 30 days before it (Directive 98/6/EC, article 6a); a product newer than that has a shorter history, which some member states allow for new products.',
    example: 'a product added to products.yaml a week before its activity starts',
    fix: 'Start the reduction 30 days after the product went on sale, or accept the shorter period.',
  }),
  W0307: define<{ region: string; country: string; label: string; other: string }>({
    title: 'A country of a region is another region in the chooser',
    message: ({ region, country, label, other }) =>
      `region '${region}' offers country ${country} as '${label}', which is also the label of region '${other}': the region chooser lists '${label}' twice`,
    hint: "A country a region offers (region.countries) is an entry of the region chooser; once a region of its own serves that country, remove the country from the other region's list (its visitors then get that region's OTHER label), or relabel one of them.",
    example: 'us offers CA: Canada - English, and a new region ca has label: Canada - English',
    fix: "Remove CA from us's region.countries.",
  }),
  W0401: define<{ key: string; source: string; text: string }>({
    title: 'Stale translation',
    message: ({ key, source, text }) =>
      `the translation of ${key} is stale: ${source} now reads '${text.length > 90 ? `${text.slice(0, 89)}…` : text}'`,
    hint: 'The source text changed after this translation was made. Translate it again, then record it as current: build-region translations mark <locale or file> (so also when it still says the same).',
    example: "nav.home changed in messages/en-US.yaml from 'Home' to 'Start' after fr-FR was translated",
    fix: 'Update the French text, then run build-region translations mark fr-FR.',
  }),
  W0402: define<{ key: string; locale: string; unused: readonly string[]; all: readonly string[] }>({
    title: 'Plural form its locale never uses',
    message: ({ key, locale, unused, all }) =>
      `the plural of ${key} has a ${unused.join(', ')} form that ${locale} never uses (its forms: ${all.join(', ')}): that text never shows`,
    hint: 'Each locale has its own plural forms (CLDR); a form it does not have is never picked.',
    example: "ja-JP: '{seconds, plural, one {# 秒} other {# 秒}}'",
    fix: "Keep the forms of the locale: '{seconds, plural, other {# 秒}}', or plain text.",
  }),
  W0403: define<{ key: string; source: string; translation: readonly string[]; sourceSays: readonly string[] }>({
    title: 'Translation with other numbers or units than its source',
    message: ({ key, source, translation, sourceSays }) =>
      translation.length === 0
        ? `the translation of ${key} leaves out ${sourceSays.join(', ')}, which its source ${source} says`
        : sourceSays.length === 0
          ? `the translation of ${key} says ${translation.join(', ')}, which its source ${source} does not say`
          : `the translation of ${key} says ${translation.join(', ')} where its source ${source} says ${sourceSays.join(', ')}`,
    hint: "A translation says the numbers and units of its source, in any order and as its language writes them (1,5 kg for 1.5 kg, 2 200 mAh for 2,200 mAh, digits for a number in words); prices, placeholders and a plural's # are not compared. Correct the translation (or the source, where it is the one that is wrong); a translation made stale is then recorded with build-region translations mark <locale or file>.",
    example: "pages/mini-robot/fr.yaml sections.2.text: 'Haut de 18 cm' where pages/mini-robot/en.yaml says 'Just 12 cm tall'",
    fix: "Write the source's number in the translation: 'Haut de 12 cm'.",
  }),
  W0404: define<{ key: string; term: string; locale: string; forms: readonly string[] }>({
    title: "Translation without the glossary's term",
    message: ({ key, term, locale, forms }) =>
      `the translation of ${key} does not say '${term}' as the glossary's ${locale} does: it has none of ${forms.map((form) => `'${form}'`).join(', ')}`,
    hint: "The glossary (glossary.yaml) says how each language writes the brand's terms, so that a product is called the same on every page. Use one of its forms (found anywhere in the text, case aside: transform in se transforment); where your word is right too, add it to the term's forms in glossary.yaml.",
    example: "glossary.yaml: 'transform*: { translations: { fr-FR: [transform] } }', and fr-FR's text says 'change de forme'",
    fix: "Write the glossary's word: 'se transforme'.",
  }),
  W0405: define<{ key: string; word: string }>({
    title: 'Translation without a word the glossary keeps',
    message: ({ key, word }) => `the translation of ${key} leaves out '${word}', which the glossary keeps as written in every language`,
    hint: "The glossary's `keep` list names words never translated or transliterated (the brand, product names): write it letter for letter as the source does.",
    example: "glossary.yaml: 'keep: [Axlebot]', and ja-JP's text says 'アクスルボット'",
    fix: "Write 'Axlebot' as the source does.",
  }),
  W0406: define<{ term: string; tag: string; guess?: string }>({
    title: 'Glossary forms for a language no translation is in',
    message: ({ term, tag, guess }) =>
      `the glossary says how '${tag}' writes '${term}', but no translated text is in '${tag}'${didYouMean(guess)}`,
    hint: "A term's translations are keyed by a locale (fr-FR) or a language (fr) that translated texts are in: a catalogue's locale, a page file's `lang` or name. Forms under any other key are never checked.",
    example: "glossary.yaml: 'transform*: { translations: { fqr: [transform] } }'",
    fix: 'Key the forms by a locale or language the translations are in: fr.',
  }),
} as const;

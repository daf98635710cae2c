import { getDefaultRegistry } from '@rjsf/core';
import type { ErrorSchema, WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import type { RegionEntry } from '../api.ts';
import { ArtPicker } from './art-picker.tsx';

/** What the widgets know of the file's region: its pages and products, its locale and currency. */
/**
 * Which folded entries of a form's lists and maps are open (lists.tsx), by their field's id
 * (`root_navs_3`), for the life of the file's form: an entry stays as the maintainer left it
 * when the form draws its list anew (an entry added or removed, the text back from the server).
 */
export type FoldMemory = Map<string, boolean>;

export interface FormContext {
  readonly region?: RegionEntry;
  /** Whether the file is that region's own (its region.yaml): its stages show in the region's zone, others' in UTC. */
  readonly regionsOwn?: boolean;
  /** The studio's instant (Overview `now`, epoch ms): the stage a timeline marks "now". */
  readonly now?: number;
  /** The drawings of content/assets/ by name (Overview `art`), for the art picker. */
  readonly art?: readonly string[];
  /** The file's diagnostics at their fields (the form's extra errors): a folded list entry counts those in it (lists.tsx). */
  readonly problems?: ErrorSchema;
  /** Which folded entries are open (lists.tsx), kept while the file's form shows. */
  readonly folds?: FoldMemory;
}

const Text = getDefaultRegistry().widgets.TextWidget!;

/** An amount as the region's visitors read it: "1 599,00 €". */
function asPrice(value: unknown, region: RegionEntry | undefined): string | undefined {
  // While one types, the form holds the number as its text.
  const amount = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(amount) || !region) return undefined;
  return new Intl.NumberFormat(region.locale, { style: 'currency', currency: region.currency }).format(amount);
}

/** An instant written with its offset, read back in UTC and in the region's own zone (its team's). */
function asInstant(value: unknown, region: RegionEntry | undefined): string | undefined {
  if (typeof value !== 'string' || !/(Z|[+-]\d\d:\d\d)$/.test(value)) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return undefined;
  const utc = `${at.toISOString().replace('.000Z', 'Z')} UTC`;
  if (!region) return utc;
  // timeStyle 'long' names the zone (dateStyle and timeStyle take no other option but the zone).
  const there = at.toLocaleString(region.locale, { dateStyle: 'medium', timeStyle: 'long', timeZone: region.timeZone });
  return `${utc}; in ${region.code} (${region.timeZone}): ${there}`;
}

/** Where a link leads in the region: its page, what kind, and whether visitors can open it now (its window). */
function asLink(value: unknown, region: RegionEntry | undefined): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || !region) return undefined;
  const page = region.pages.find((p) => p.path === value || p.path === value.replace(/\/+$/, ''));
  if (!page) return `No page of ${region.code} is at ${value}.`;
  const day = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const window = page.window
    ? `${page.open ? 'open now' : 'closed now'}${page.window.start !== undefined ? `, from ${day(page.window.start)}` : ''}${page.window.end !== undefined ? `, until ${day(page.window.end)}` : ''}`
    : 'always open';
  return page.redirect
    ? `Redirects to ${page.redirect} in ${region.code}.`
    : `The ${page.kind} page ${page.page} of ${region.code}: ${window}.`;
}

/**
 * The forms' text and number fields, with what this content is made of shown beside them (the
 * schemas mark each kind in `$comment`, studio/server/schemas.ts): a price as the region's
 * visitors see it, an instant in UTC and in the region's own zone, a link with the region's pages
 * (and whether each is open now) to pick from, a product key with the region's products, a
 * gallery's art with the drawings of content/assets/ (art-picker.tsx).
 */
export function StudioTextWidget(props: WidgetProps) {
  // A field's choices are its own list from the first time it has the focus: a region's file has
  // dozens of links, and every page listed under each from the start made thousands of elements
  // (a third of its form's), all drawn before the first field could be used.
  const [focused, setFocused] = useState(false);
  const kind = typeof props.schema.$comment === 'string' ? props.schema.$comment : '';
  const context = props.registry.formContext as FormContext | undefined;
  const region = context?.region;
  if (kind === 'studio:art' && context?.art) return <ArtPicker {...props} art={context.art} />;
  // Offered as the field's examples: the form lists them under the field as one types (a datalist).
  const choices = !focused
    ? undefined
    : kind === 'studio:link'
      ? region?.pages.map((p) => p.path)
      : kind === 'studio:productKey'
        ? region?.products.map((p) => p.key)
        : undefined;
  const onFocus: WidgetProps['onFocus'] = (id, value) => {
    setFocused(true);
    props.onFocus(id, value);
  };
  // An instant of a shared file (stages.yaml) belongs to no region's zone: UTC alone.
  const zoned = context?.regionsOwn ? region : undefined;
  const note =
    kind === 'studio:price'
      ? asPrice(props.value, region)
      : kind === 'studio:instant'
        ? asInstant(props.value, zoned)
        : kind === 'studio:link'
          ? asLink(props.value, region)
          : undefined;
  return (
    <>
      <Text {...props} onFocus={onFocus} schema={choices ? { ...props.schema, examples: choices } : props.schema} />
      {note && (
        <p className="widget-note" id={`${props.id}-note`}>
          {kind === 'studio:price' ? `Visitors see ${note}` : note}
        </p>
      )}
    </>
  );
}

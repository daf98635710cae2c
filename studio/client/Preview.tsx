import { useEffect, useId, useRef, useState } from 'react';
import type { Overview, PreviewAnswer } from '../api.ts';
import { api } from './api.ts';
import { useClockMoves } from './clock.ts';
import { PickControls, usePicking } from './Pick.tsx';
import type { Located } from './Pick.tsx';
import { placesOf } from './places.ts';
import { Time } from './Time.tsx';

interface PreviewProps {
  id: string;
  overview: Overview;
  found: (hit: Located) => void;
  find: (text: string) => void;
}

/**
 * The preview beside the editor (docs/studio.md, "Preview"): the live preview of the file's
 * region, rendered with the unsaved text, at phone or desktop width, at the studio's clock or an
 * instant chosen. It follows each edit by itself (the preview's own client re-renders). A text
 * or price picked in it opens its field (`found`, Pick.tsx), or its search in Find (`find`).
 */
export function Preview({ id, overview, found, find }: PreviewProps) {
  const form = useId();
  const places = placesOf(id, overview);
  const [region, setRegion] = useState(places[0]?.region.code);
  const place = places.find((p) => p.region.code === region) ?? places[0];
  const [path, setPath] = useState(place?.paths[0]);
  const [width, setWidth] = useState<'phone' | 'desktop'>('desktop');
  const [preview, setPreview] = useState<PreviewAnswer>();
  const [shown, setShown] = useState(0);
  const [problem, setProblem] = useState<string>();
  const frame = useRef<HTMLIFrameElement>(null);
  const pick = usePicking({ frame, origin: preview?.origin, region: region ?? '', found });
  useEffect(() => {
    if (!region) return;
    setPreview(undefined);
    api.preview(region).then(setPreview, (error: Error) => setProblem(error.message));
  }, [region]);
  if (!place || !region) return null;
  const at = (path && place.paths.includes(path) ? path : place.paths[0])!;
  return (
    <section className="preview" aria-labelledby={`${form}-title`}>
      <h2 id={`${form}-title`}>Preview</h2>
      <div className="preview-controls">
        <label htmlFor={`${form}-region`}>Region</label>
        <select id={`${form}-region`} value={region} onChange={(event) => setRegion(event.target.value)}>
          {places.map((p) => (
            <option key={p.region.code} value={p.region.code}>
              {p.region.code}
            </option>
          ))}
        </select>
        <label htmlFor={`${form}-page`}>Page</label>
        <select id={`${form}-page`} value={at} onChange={(event) => setPath(event.target.value)}>
          {place.paths.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
        <fieldset>
          <legend>Width</legend>
          {(['phone', 'desktop'] as const).map((w) => (
            <label key={w}>
              <input type="radio" name={`${form}-width`} checked={width === w} onChange={() => setWidth(w)} />{' '}
              {w === 'phone' ? 'Phone (375 px)' : 'Desktop (1280 px)'}
            </label>
          ))}
        </fieldset>
        <ClockForm now={overview.now} moved={() => setShown((n) => n + 1)} failed={setProblem} />
      </div>
      <PickControls pick={pick} find={find} />
      {problem && <p role="alert">{problem}</p>}
      {/* It scrolls when the page is wider than the column: a tab stop of its own, to scroll with the keyboard. */}
      <div
        className={`frame ${width}`}
        tabIndex={0}
        role="group"
        aria-label={`Preview at ${width === 'phone' ? 'phone' : 'desktop'} width`}
      >
        {preview ? (
          <iframe
            key={`${preview.url}:${shown}`}
            ref={frame}
            onLoad={pick.loaded}
            title={`Preview of ${at} (${region})`}
            src={`${preview.origin}${at}`}
            width={width === 'phone' ? 375 : 1280}
            height={720}
          />
        ) : (
          <p className="quiet">Starting the preview of {region}…</p>
        )}
      </div>
      <Time region={place.region} path={at} origin={preview?.origin} width={width} />
    </section>
  );
}

/** The preview's clock: an instant with its offset; the preview (and its back ends) moves there and renders again. */
function ClockForm({ now, moved, failed }: { now: number; moved: () => void; failed: (problem: string | undefined) => void }) {
  const id = useId();
  const [instant, setInstant] = useState(() => new Date(now).toISOString().replace('.000Z', 'Z'));
  // Moved from the form's timeline (a stage's preview): show the instant and load the page again.
  useClockMoves((at) => {
    setInstant(at);
    failed(undefined);
    moved();
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        api.clock(instant).then(
          () => {
            failed(undefined);
            moved();
          },
          (error: Error) => failed(error.message),
        );
      }}
    >
      <label htmlFor={id}>At the instant (with its offset)</label>{' '}
      <input id={id} value={instant} onChange={(event) => setInstant(event.target.value)} size={26} />{' '}
      <button type="submit">Show then</button>
    </form>
  );
}

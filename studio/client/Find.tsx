import { useEffect, useId, useRef, useState } from 'react';
import type { FileCounts, Overview, RegionEntry, SearchAnswer } from '../api.ts';
import { api } from './api.ts';
import { draftIds } from './drafts.ts';
import { NewEntry } from './NewEntry.tsx';

type Open = (file: string, line?: number) => void;

/** A link to a file (at a line): a real address, so it opens in a new tab too. */
function FileLink({ id, line, open, children }: { id: string; line?: number; open: Open; children: React.ReactNode }) {
  const href = `/?file=${encodeURIComponent(id)}${line ? `&line=${line}` : ''}`;
  return (
    <a
      href={href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        open(id, line);
      }}
    >
      {children}
    </a>
  );
}

/** A file's counts in words: "2 errors, 1 stale" (nothing when all is well). */
export function countsText(counts: FileCounts | undefined): string {
  if (!counts) return '';
  const parts = [
    [counts.errors, 'error', 'errors'],
    [counts.warnings, 'warning', 'warnings'],
    [counts.stale, 'stale translation', 'stale translations'],
    [counts.missing, 'missing translation', 'missing translations'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`)
    .join(', ');
}

function Counts({ counts }: { counts: FileCounts | undefined }) {
  const text = countsText(counts);
  return text ? <span className={counts && counts.errors > 0 ? 'counts bad' : 'counts'}>{text}</span> : null;
}

function Search({ open, initial }: { open: Open; initial?: string }) {
  const id = useId();
  // A search asked for by the address (`?q=`: a text picked in the preview that no field holds).
  const [query, setQuery] = useState(initial ?? '');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (initial) input.current?.focus();
  }, [initial]);
  const [answer, setAnswer] = useState<SearchAnswer & { query: string }>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    const text = query.trim();
    if (!text) return setAnswer(undefined);
    // An answer to words since changed is dropped: a late one would show hits for an older query.
    let current = true;
    const timer = setTimeout(() => {
      api.search(text).then(
        (found) => current && setAnswer({ ...found, query: text }),
        (error: Error) => current && setProblem(error.message),
      );
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Find</h2>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={`${id}-query`}>Every text and value, by words (“Buy now”, “miniRobot price”)</label>
        <input
          ref={input}
          id={`${id}-query`}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
      </form>
      {problem && <p role="alert">{problem}</p>}
      <p role="status" className="found">
        {answer && `${answer.hits.length}${answer.truncated ? '+' : ''} found for “${answer.query}”`}
      </p>
      {answer && answer.hits.length > 0 && (
        <ol className="hits">
          {answer.hits.map((hit) => (
            <li key={`${hit.id}:${hit.line}:${hit.column}`}>
              <FileLink id={hit.id} line={hit.line} open={open}>
                {hit.id}:{hit.line}
              </FileLink>{' '}
              <code>{hit.path.join('.')}</code> <span className="value">{hit.value}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Region({ region, counts, open, now }: { region: RegionEntry; counts: Map<string, FileCounts>; open: Open; now: number }) {
  const day = (at: number) => new Date(at).toISOString().slice(0, 16).replace('T', ' ');
  return (
    <section className="region" aria-label={`Region ${region.code}`}>
      <h3>
        {region.code}{' '}
        <span className="quiet">
          {region.locale}, {region.currency}
        </span>
      </h3>
      <ul className="files">
        {region.files.map((file) => (
          <li key={file}>
            <FileLink id={file} open={open}>
              {file}
            </FileLink>{' '}
            <Counts counts={counts.get(file)} />
          </li>
        ))}
      </ul>
      <details>
        <summary>{region.pages.length} pages</summary>
        <ul>
          {region.pages.map((page) => (
            <li key={page.path}>
              <code>{page.path}</code> <span className="quiet">{page.redirect ? `redirects to ${page.redirect}` : page.kind}</span>{' '}
              {page.window && (
                <span className={page.open ? 'open' : 'closed'}>
                  {page.open ? 'open now' : 'closed now'}
                  {page.window.start !== undefined && `, from ${day(page.window.start)} UTC`}
                  {page.window.end !== undefined && `, until ${day(page.window.end)} UTC`}
                </span>
              )}{' '}
              {page.files.map((file) => (
                <FileLink key={file} id={file} open={open}>
                  {file}
                </FileLink>
              ))}
            </li>
          ))}
        </ul>
      </details>
      <details>
        <summary>{region.products.length} products</summary>
        <ul>
          {region.products.map((product) => (
            <li key={product.key}>
              <code>{product.key}</code> {product.name}: {product.price}
              {product.soldOut && ' (sold out)'}
            </li>
          ))}
        </ul>
      </details>
      <p className="quiet">As of {day(now)} UTC.</p>
    </section>
  );
}

/** A link to another screen of the studio, followed in place (a new tab when asked), and what it is for. */
function ScreenLink({ href, open, name, children }: { href: string; open: () => void; name: string; children: string }) {
  return (
    <p>
      <a
        href={href}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          open();
        }}
      >
        {name}
      </a>
      : {children}
    </p>
  );
}

/** The Find screen: a search over every text and value, the regions, and every file with its counts. */
export function Find({
  overview,
  open,
  openTranslations,
  openChanges,
  query,
  refresh,
}: {
  overview: Overview | undefined;
  open: Open;
  /** The Translations screen (`?translations=`). */
  openTranslations: () => void;
  /** The Changes screen (`?changes=`). */
  openChanges: () => void;
  query?: string;
  refresh: () => void;
}) {
  const counts = new Map(overview?.files.map((file) => [file.id, file]));
  const drafts = draftIds();
  return (
    <main id="main">
      <h1>Content</h1>
      <Search open={open} initial={query} />
      <ScreenLink href="/?translations=" open={openTranslations} name="Translations side by side">
        a source file's texts in every locale, what changed in the stale ones, and each brought up to date in place.
      </ScreenLink>
      <ScreenLink href="/?changes=" open={openChanges} name="Changes">
        what visitors will see change since the last commit, its pictures, and Propose (a branch and a pull request).
      </ScreenLink>
      {drafts.length > 0 && (
        <section aria-labelledby="drafts-title">
          <h2 id="drafts-title">Unsaved edits</h2>
          <ul className="files">
            {drafts.map((id) => (
              <li key={id}>
                <FileLink id={id} open={open}>
                  {id}
                </FileLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      {overview && (
        <>
          <section aria-labelledby="regions-title">
            <h2 id="regions-title">Regions</h2>
            <div className="regions">
              {overview.regions.map((region) => (
                <Region key={region.code} region={region} counts={counts} open={open} now={overview.now} />
              ))}
            </div>
          </section>
          <NewEntry overview={overview} open={(file) => open(file)} refresh={refresh} />
          <section aria-labelledby="files-title">
            <h2 id="files-title">Every file</h2>
            <ul className="files">
              {overview.files.map((file) => (
                <li key={file.id}>
                  <FileLink id={file.id} open={open}>
                    {file.id}
                  </FileLink>{' '}
                  <Counts counts={file} />
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </main>
  );
}

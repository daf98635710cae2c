import type {
  ChangesAnswer,
  ChangesPicturesAnswer,
  CheckAnswer,
  ClockAnswer,
  EntryAnswer,
  EntryRequest,
  ErrorAnswer,
  FileAnswer,
  LocateAnswer,
  Overview,
  PreviewAnswer,
  ProposeAnswer,
  SaveAnswer,
  ScheduleAnswer,
  SearchAnswer,
  SuggestionsAnswer,
  TranslationMarkAnswer,
  TranslationSaveAnswer,
  TranslationsAnswer,
  TranslationSourcesAnswer,
} from '../api.ts';

/**
 * The studio server's API, as the page calls it (studio/server/routes.ts answers). Same origin:
 * the session cookie goes with every call; a refusal's words are thrown as the error's message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: { method: string; body: unknown }): Promise<T> {
  const response = await fetch(path, {
    method: init?.method ?? 'GET',
    headers: init ? { 'Content-Type': 'application/json' } : {},
    ...(init && { body: JSON.stringify(init.body) }),
    credentials: 'same-origin',
  });
  const answer = (await response.json().catch(() => ({ error: `The studio answered ${response.status} with no JSON.` }))) as
    | T
    | ErrorAnswer;
  // A 409 with the disk's version is an answer (a save that met another hand's change); any other
  // refusal, a 409 that says what is wrong included (not in git, a key taken), is thrown with its words.
  const refused = typeof answer === 'object' && answer !== null && 'error' in answer;
  if (!response.ok && (response.status !== 409 || refused))
    throw new ApiError(response.status, (answer as ErrorAnswer).error ?? `The studio answered ${response.status}.`);
  return answer as T;
}

export const api = {
  overview: () => call<Overview>('/api/overview'),
  overviewStamp: () => call<{ stamp: string }>('/api/overview/stamp'),
  file: (id: string) => call<FileAnswer>(`/api/file?id=${encodeURIComponent(id)}`),
  stamp: (id: string) => call<{ hash: string | null }>(`/api/file/stamp?id=${encodeURIComponent(id)}`),
  check: (id: string, text: string) => call<CheckAnswer>('/api/check', { method: 'POST', body: { id, text } }),
  draft: (id: string, text: string) => call<{ kept: boolean }>('/api/draft', { method: 'PUT', body: { id, text } }),
  save: (id: string, text: string, base: string | null) => call<SaveAnswer>('/api/file', { method: 'PUT', body: { id, text, base } }),
  changes: (base: string) => call<ChangesAnswer>(`/api/changes?base=${encodeURIComponent(base)}`),
  changesPictures: (base: string, at: readonly string[]) =>
    call<ChangesPicturesAnswer>('/api/changes/pictures', { method: 'POST', body: { base, at } }),
  propose: (title: string, branch?: string) =>
    call<ProposeAnswer>('/api/propose', { method: 'POST', body: { title, ...(branch && { branch }) } }),
  schedule: (region: string) => call<ScheduleAnswer>(`/api/schedule?region=${encodeURIComponent(region)}`),
  search: (query: string) => call<SearchAnswer>(`/api/search?q=${encodeURIComponent(query)}`),
  locate: (text: string, region: string, path: string) => call<LocateAnswer>(`/api/locate?${new URLSearchParams({ text, region, path })}`),
  schema: (name: string) => call<import('@rjsf/utils').RJSFSchema>(`/api/schema?name=${encodeURIComponent(name)}`),
  yaml: (id: string, text: string, data: unknown) => call<{ text: string }>('/api/yaml', { method: 'POST', body: { id, text, data } }),
  preview: (region: string) => call<PreviewAnswer>('/api/preview', { method: 'POST', body: { region } }),
  clock: (now: string) => call<ClockAnswer>('/api/clock', { method: 'PUT', body: { now } }),
  entry: (request: EntryRequest, write: boolean) => call<EntryAnswer>('/api/entry', { method: 'POST', body: { request, write } }),
  translationSources: () => call<TranslationSourcesAnswer>('/api/translations'),
  translations: (source: string) => call<TranslationsAnswer>(`/api/translations?source=${encodeURIComponent(source)}`),
  suggestions: (id: string, key: string) => call<SuggestionsAnswer>(`/api/translation/suggestions?${new URLSearchParams({ id, key })}`),
  saveTranslation: (id: string, key: string, text: string, base: string) =>
    call<TranslationSaveAnswer>('/api/translation', { method: 'PUT', body: { id, key, text, base } }),
  markTranslation: (id: string, keys: readonly string[]) =>
    call<TranslationMarkAnswer>('/api/translation/mark', { method: 'POST', body: { id, keys } }),
};

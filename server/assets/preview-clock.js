/*
 * The preview clock: a small toolbar that serve-regions adds to every page it serves locally
 * (never part of a built site). It shows the emulated back ends' clock, which is the server
 * time the pages judge stages, offers and page windows by, and the current stage of each of the
 * region's stages lists; it sets the clock to an instant, to the next boundary at which the
 * region's content changes (any kind the build's schedule knows: a stage, an offer, a page window,
 * a banner, a nav item), or back to the real time, then reloads the page so it shows what
 * visitors will see then.
 */
'use strict';

// A block, not a function, holds the script's names: in strict mode its functions and `const`s
// stay inside it (the page gets no globals), and each step is a function of its own.
{
  // The page's region, as the build's path rule finds it: the region whose folder is the first
  // path segment, else the region at /. The regions are the build's (GET /__emulator/clock).
  function regionOf(regions, pathname) {
    const first = '/' + (pathname.split('/').filter(Boolean)[0] || '').toLowerCase();
    let found = null;
    let root = null;
    regions.forEach(function (r) {
      if (r.basePath === '') root = r;
      else if (r.basePath.toLowerCase() === first) found = r;
    });
    return found || root;
  }

  function element(tag, attributes, text) {
    const el = document.createElement(tag);
    for (const name in attributes) el.setAttribute(name, attributes[name]);
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function stageOf(instants, now) {
    let stage = 0;
    while (stage < instants.length && Date.parse(instants[stage]) <= now) stage++;
    return stage;
  }

  function setClock(iso) {
    return fetch('/__emulator/clock', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: iso }),
    }).then(function (response) {
      if (!response.ok) throw new Error('the emulator refused ' + iso);
      location.reload();
    });
  }

  /** The toolbar's elements, put together but not yet on the page. */
  function createToolbar() {
    const style = element(
      'style',
      {},
      '#preview-clock{position:fixed;left:12px;bottom:12px;z-index:2147483000;font:13px/1.4 system-ui,sans-serif;color:#0b1a33;max-width:min(360px,calc(100vw - 24px))}' +
        '#preview-clock>details{background:#fff8db;border:2px dashed #0b1a33;border-radius:10px;box-shadow:0 6px 20px rgba(11,26,51,.3)}' +
        '#preview-clock summary{cursor:pointer;padding:6px 10px;font-weight:700;min-height:24px}' +
        '#preview-clock .body{padding:0 10px 10px;display:grid;gap:6px}' +
        '#preview-clock button,#preview-clock input{font:inherit;min-height:32px}' +
        '#preview-clock button{background:#0b1a33;color:#fff;border:0;border-radius:6px;padding:4px 10px;cursor:pointer}' +
        '#preview-clock ul{margin:0;padding-left:18px}' +
        '#preview-clock .row{display:flex;gap:6px;flex-wrap:wrap;align-items:center}',
    );
    const root = element('aside', { id: 'preview-clock', 'aria-label': 'Preview clock (local preview only)' });
    const details = element('details', {});
    const summary = element('summary', {}, 'Preview clock · local only');
    const body = element('div', { class: 'body' });
    const now = element('p', { 'data-preview': 'now', style: 'margin:0' }, 'Server time: …');
    const list = element('ul', { 'data-preview': 'stages' });
    const label = element('label', { for: 'preview-clock-at' }, 'Set server time (UTC)');
    const input = element('input', { id: 'preview-clock-at', type: 'datetime-local', step: '1' });
    const row = element('div', { class: 'row' });
    const set = element('button', { type: 'button' }, 'Set');
    const next = element('button', { type: 'button' }, 'Next boundary');
    const real = element('button', { type: 'button' }, 'Real time');
    row.append(set, next, real);
    body.append(now, list, label, input, row);
    details.append(summary, body);
    root.append(style, details);
    return { root: root, details: details, now: now, list: list, input: input, set: set, next: next, real: real };
  }

  // Open on wide screens, collapsed on phones (it would cover a quarter of a 375 px screen) and
  // in a frame (the studio's preview, which has its own instant and would have it cover the page);
  // the visitor's own choice, once made, is remembered across visits.
  function rememberOpenState(details) {
    let remembered = null;
    try {
      remembered = localStorage.getItem('preview-clock-open');
    } catch (e) {
      /* storage denied */
    }
    details.open = remembered ? remembered === 'yes' : window.innerWidth >= 721 && window.self === window.top;
    details.addEventListener('toggle', function () {
      try {
        localStorage.setItem('preview-clock-open', details.open ? 'yes' : 'no');
      } catch (e) {
        /* storage denied */
      }
    });
  }

  // Every instant after now at which something of this region changes, and what does.
  function addBoundaries(boundaries, entries, region, time) {
    entries.forEach(function (entry) {
      const mine = (entry.changes || []).filter(function (change) {
        return change.region === region;
      });
      if (entry.time > time && mine.length > 0)
        boundaries.push({
          time: entry.time,
          what: mine
            .map(function (change) {
              return change.change;
            })
            .join('; '),
        });
    });
    boundaries.sort(function (a, b) {
      return a.time - b.time;
    });
  }

  /** Shows the server time, the region's stages and its next boundary, from the clock and the build's schedule. */
  function showSchedule(toolbar, boundaries) {
    Promise.all([
      fetch('/__emulator/clock').then(function (r) {
        return r.json();
      }),
      fetch('/schedule.json', { cache: 'no-store' }).then(function (r) {
        return r.ok ? r.json() : { stages: {} };
      }),
    ])
      .then(function (answers) {
        const time = Date.parse(answers[0].data.now);
        const found = regionOf(answers[0].data.regions || [], location.pathname);
        const region = found ? found.code : '';
        const lists = (region && (answers[1].stages || {})[region]) || {};
        toolbar.now.textContent = 'Server time: ' + new Date(time).toISOString().slice(0, 19) + 'Z' + (region ? ' (' + region + ')' : '');
        toolbar.input.value = new Date(time).toISOString().slice(0, 19);
        Object.keys(lists)
          .sort()
          .forEach(function (name) {
            const instants = lists[name];
            toolbar.list.append(
              element('li', { 'data-list': name }, name + ': stage ' + stageOf(instants, time) + ' of ' + instants.length),
            );
          });
        addBoundaries(boundaries, answers[1].entries || [], region, time);
        if (boundaries.length === 0) toolbar.next.disabled = true;
        else {
          toolbar.next.title = new Date(boundaries[0].time).toISOString().slice(0, 16) + 'Z: ' + boundaries[0].what;
          toolbar.next.setAttribute('data-next', new Date(boundaries[0].time).toISOString());
        }
      })
      .catch(function (error) {
        console.warn('preview clock: ' + error.message);
      });
  }

  function startPreviewClock() {
    const toolbar = createToolbar();
    rememberOpenState(toolbar.details);
    const boundaries = [];
    showSchedule(toolbar, boundaries);
    toolbar.set.addEventListener('click', function () {
      if (toolbar.input.value) setClock(new Date(toolbar.input.value + 'Z').toISOString());
    });
    toolbar.next.addEventListener('click', function () {
      if (boundaries.length) setClock(new Date(boundaries[0].time).toISOString());
    });
    toolbar.real.addEventListener('click', function () {
      setClock(new Date().toISOString());
    });
    document.body.append(toolbar.root);
  }

  if (!document.getElementById('preview-clock')) startPreviewClock();
}

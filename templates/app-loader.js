// Inlined into the head of every page (docs/performance.md, "First paint before any script"):
// the prerendered page paints with no script fetched. The app's code (#root's data-entry, with
// the modules it needs in data-modules and the region's site data file in data-site, fetched
// in parallel) loads once the page has loaded and the browser is idle, or at once on the
// visitor's first interaction (a touch, a click, a key, focus; not a pointer merely over the
// page, which browsers report as a page paints under a resting mouse). Until the app has
// hydrated (<html data-hydrated>; each part of the page, header, main and footer, which hydrate
// when wanted, <html data-header-hydrated> and so on), a click on a button of the page and a form's submission are
// held, not lost: they start the load and are replayed, in order, on the same elements once the
// app is live. A held submission never goes to the server as a plain form (which would put its
// fields, a password too, in the address). Links work as links meanwhile; the consent script's buttons
// (data-consent-action) are its own. In the live preview (data-load="now") the code
// loads at once: its styles come with it. It also reloads a page whose code a newer deploy
// removed (below).
(function () {
  var started = false;
  var held = [];
  var root = document.documentElement;
  function start() {
    if (started) return;
    var app = document.getElementById('root');
    if (!app) return;
    started = true;
    var modules = (app.getAttribute('data-modules') || '').split(' ');
    for (var i = 0; i < modules.length; i++) {
      if (!modules[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = modules[i];
      document.head.appendChild(link);
    }
    var data = app.getAttribute('data-site');
    if (data) {
      var fetched = document.createElement('link');
      fetched.rel = 'preload';
      fetched.as = 'fetch';
      fetched.crossOrigin = '';
      fetched.href = data;
      document.head.appendChild(fetched);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app.getAttribute('data-entry');
    document.head.appendChild(script);
  }
  // The page's parts (header, main, footer) hydrate on their own, when wanted (runtime/parts.ts).
  function partOf(element) {
    return element && element.closest ? element.closest('[data-part]') : null;
  }
  function live(element) {
    var part = partOf(element);
    return root.hasAttribute('data-hydrated') && (!part || root.hasAttribute('data-' + part.getAttribute('data-part') + '-hydrated'));
  }
  function hold(event, element, replay) {
    event.preventDefault();
    event.stopPropagation();
    if (held.length < 8) held.push({ element: element, replay: replay });
    start();
  }
  addEventListener('click', function (event) {
    if (!event.target || !event.target.closest || live(event.target)) return;
    var button = event.target.closest('#root button');
    if (!button || button.disabled || button.hasAttribute('data-consent-action')) return;
    hold(event, button, function () {
      button.click();
    });
  }, true);
  addEventListener('submit', function (event) {
    var form = event.target;
    if (!form.closest || !form.closest('#root') || live(form)) return;
    hold(event, form, function () {
      form.requestSubmit();
    });
  }, true);
  // An act in a part before the app is here marks it, for the app to hydrate it at once.
  function intent(event) {
    var part = !root.hasAttribute('data-hydrated') && partOf(event.target);
    if (part) part.setAttribute('data-intent', '');
    start();
  }
  var intents = ['pointerdown', 'touchstart', 'keydown', 'focusin'];
  for (var i = 0; i < intents.length; i++) addEventListener(intents[i], intent, { capture: true, passive: true });
  new MutationObserver(function () {
    var replays = held;
    held = [];
    for (var i = 0; i < replays.length; i++) {
      if (!live(replays[i].element)) held.push(replays[i]);
      else if (replays[i].element.isConnected) replays[i].replay();
    }
  }).observe(root, { attributes: true, attributeFilter: ['data-hydrated', 'data-header-hydrated', 'data-main-hydrated', 'data-footer-hydrated'] });
  // After the load event and the first contentful paint (as the browser reports it, once it is
  // on screen; without paint timing, a frame after the load event), at the first idle moment.
  var loaded = false;
  var painted = !(window.PerformanceObserver && PerformanceObserver.supportedEntryTypes && PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0);
  function whenIdle() {
    if (!loaded || !painted) return;
    requestAnimationFrame(function () {
      setTimeout(function () {
        if (window.requestIdleCallback) requestIdleCallback(start, { timeout: 500 });
        else start();
      }, 0);
    });
  }
  if (!painted) {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      painted = true;
      whenIdle();
    }).observe({ type: 'paint', buffered: true });
  }
  function onLoad() {
    loaded = true;
    whenIdle();
    // A page never painted (a tab opened in the background) loads all the same, a little later.
    setTimeout(function () {
      painted = true;
      whenIdle();
    }, 3000);
  }
  document.addEventListener('DOMContentLoaded', function () {
    var app = document.getElementById('root');
    if (app && app.getAttribute('data-load') === 'now') start();
  });
  if (document.readyState === 'complete') onLoad();
  else addEventListener('load', onLoad);
  // The stale-asset check (see runtime/chunk-reload.ts): when a script under /assets/ ending in
  // .js (or the site data file, .json) fails to load and the server answers 404, the page's
  // code was replaced by a newer deploy; reload once into the same route. Never twice for one file. Once the app has
  // hydrated, its navigation handles the failures of what it loads, with the route it was going
  // to as the target (this page's own address would be the wrong one).
  addEventListener('error', function (event) {
    if (document.documentElement.hasAttribute('data-hydrated')) return;
    var el = event.target;
    if (!el || (el.tagName !== 'SCRIPT' && el.tagName !== 'LINK')) return;
    var url = el.src || el.href;
    if (!url) return;
    var path = new URL(url, location.href).pathname;
    if (!/\/assets\/[^?#]*\.(js|json)$/.test(path)) return;
    // The page is kept (marked for tests and tools) unless the file is gone for the first time.
    var kept = function () {
      document.documentElement.setAttribute('data-asset-check', 'kept');
    };
    fetch(url, { method: 'HEAD', cache: 'no-store' }).then(function (response) {
      if (response.status !== 404) return kept();
      var key = 'stale-asset-reload:' + path;
      try {
        if (sessionStorage.getItem(key)) {
          console.warn(path + ' is missing again after a reload; not reloading again');
          return kept();
        }
        sessionStorage.setItem(key, String(Date.now()));
      } catch (e) {
        return kept();
      }
      location.reload();
    }, kept);
  }, true);
})();

// Inlined into every page before the entry script (see runtime/chunk-reload.ts): when a script
// under /assets/ ending in .js fails to load and the server answers 404, the page's code was
// replaced by a newer deploy; reload once into the same route. Never twice for one file. Once
// the app has hydrated, its navigation handles the failures of what it loads, with the route it
// was going to as the target (this page's own address would be the wrong one).
addEventListener('error', function (event) {
  if (document.documentElement.hasAttribute('data-hydrated')) return;
  var el = event.target;
  if (!el || (el.tagName !== 'SCRIPT' && el.tagName !== 'LINK')) return;
  var url = el.src || el.href;
  if (!url) return;
  var path = new URL(url, location.href).pathname;
  if (!/\/assets\/[^?#]*\.js$/.test(path)) return;
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

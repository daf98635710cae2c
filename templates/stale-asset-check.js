// Inlined into every page before the entry script (see runtime/chunk-reload.ts): when a script
// under /assets/ ending in .js fails to load and the server answers 404, the page's code was
// replaced by a newer deploy; reload once into the same route. Never twice for one file.
addEventListener('error', function (event) {
  var el = event.target;
  if (!el || (el.tagName !== 'SCRIPT' && el.tagName !== 'LINK')) return;
  var url = el.src || el.href;
  if (!url) return;
  var path = new URL(url, location.href).pathname;
  if (!/\/assets\/[^?#]*\.js$/.test(path)) return;
  fetch(url, { method: 'HEAD', cache: 'no-store' }).then(function (response) {
    if (response.status !== 404) return;
    var key = 'stale-asset-reload:' + path;
    try {
      if (sessionStorage.getItem(key)) return console.warn(path + ' is missing again after a reload; not reloading again');
      sessionStorage.setItem(key, String(Date.now()));
    } catch (e) {
      return;
    }
    location.reload();
  }, function () {});
}, true);

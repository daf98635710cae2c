// Inlined into the head of every page of a region that asks before analytics (region.yaml
// `market.consent`; docs/market.md, "Consent"), before any other script, so that Google Consent
// Mode v2's default is the data layer's first entry: every storage denied until the visitor
// chooses. A stored choice is applied at once (`consent update`) and hides the banner before it
// is painted (`data-consent` on <html>). The banner's buttons, and "Cookie settings" in every
// footer, work from the first click: one listener on the document, no app code needed.
(function () {
  var root = document.documentElement;
  var layer = (window.dataLayer = window.dataLayer || []);
  function gtag() {
    layer.push(arguments);
  }
  function state(choice) {
    var ads = choice.ads ? 'granted' : 'denied';
    return { ad_storage: ads, ad_user_data: ads, ad_personalization: ads, analytics_storage: choice.analytics ? 'granted' : 'denied' };
  }
  gtag('consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied', wait_for_update: 500 });
  var stored = null;
  try {
    stored = JSON.parse(localStorage.getItem('consent'));
  } catch (e) {}
  if (stored && typeof stored === 'object') {
    gtag('consent', 'update', state(stored));
    root.setAttribute('data-consent', 'chosen');
  }
  function choose(choice, from) {
    stored = { analytics: !!choice.analytics, ads: !!choice.ads };
    try {
      localStorage.setItem('consent', JSON.stringify(stored));
    } catch (e) {}
    gtag('consent', 'update', state(stored));
    root.setAttribute('data-consent', 'chosen');
    var back = document.querySelector('[data-consent-action="open"]');
    if (from && from.closest('.consent-banner') && back) back.focus();
  }
  // In the capture phase: React stops a click in a part of the page not yet hydrated at #root.
  document.addEventListener('click', function (event) {
    var button = event.target && event.target.closest && event.target.closest('[data-consent-action]');
    if (!button) return;
    var action = button.getAttribute('data-consent-action');
    var form = document.getElementById('consent-form');
    if (action === 'accept') choose({ analytics: true, ads: true }, button);
    else if (action === 'reject') choose({ analytics: false, ads: false }, button);
    else if (action === 'save' && form) choose({ analytics: form.elements.analytics.checked, ads: form.elements.ads.checked }, button);
    else if (action === 'open') {
      if (form && stored) {
        form.elements.analytics.checked = stored.analytics;
        form.elements.ads.checked = stored.ads;
      }
      root.removeAttribute('data-consent');
      var heading = document.getElementById('consent-heading');
      if (heading) heading.focus();
    }
  }, true);
})();

// Inlined into the region chooser's pages only (generator/emit/templates.ts): its entries are links,
// which a visitor may follow before the app is live (templates/app-loader.js holds buttons, not
// links). A country chosen then is kept all the same, where the app keeps it once live
// (runtime/country.ts, local storage 'country'), so the region it leads to is labelled by it.
addEventListener(
  'click',
  function (event) {
    var link = event.target && event.target.closest && event.target.closest('a[data-country]');
    if (!link) return;
    try {
      localStorage.setItem('country', link.getAttribute('data-country'));
    } catch (error) {
      // Storage disabled: the setting is simply not kept, as in the app.
    }
  },
  true,
);

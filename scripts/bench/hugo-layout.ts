// The templates of the bench's Hugo site (scripts/bench/hugo.ts): the markup of the sites' own
// product page (runtime/), element for element where it is the page's (head, header, main,
// footer), from the page's front matter and the region's links (data/region.json). Hugo's
// html/template escapes every value for where it stands, as React does.

export const HUGO_CONFIG = [
  'baseURL = "https://www.example.com/us/"',
  'languageCode = "en-us"',
  'title = "Axlebot Robotics"',
  'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]',
  // Each page's text as a file of its own beside its HTML, as the sites write it.
  '[outputs]',
  'page = ["HTML", "JSON"]',
  '',
].join('\n');

const SVG_BRAND =
  '<svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true"><rect x="6" y="4" width="20" height="14" rx="5" fill="#ffb23f"></rect><circle cx="12" cy="11" r="3" fill="#0b1a33"></circle><circle cx="20" cy="11" r="3" fill="#0b1a33"></circle><rect x="4" y="20" width="24" height="9" rx="4" fill="#f2542d"></rect></svg>';
const SVG_MENU =
  '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg>';
const SVG_CARET =
  '<svg class="nav-caret" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true"><path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg>';
const SVG_GLOBE =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2"></circle><path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" fill="none" stroke="currentColor" stroke-width="1.6"></path></svg>';

const HEAD = [
  '<!doctype html>\n<html lang="en-US">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">',
  '<title>{{ .Title }}</title>\n<meta name="description" content="{{ .Description }}">',
  '<meta name="keywords" content="{{ delimit (.Params.keywords | default slice) ", " }}">',
  '<link rel="canonical" href="{{ .Permalink }}">\n<link rel="alternate" hreflang="en-US" href="{{ .Permalink }}">',
  '<link rel="alternate" hreflang="x-default" href="{{ "choose-your-region" | absURL }}">',
  '{{ $image := printf "images/%s.jpg" .Params.key | absURL }}{{ $alt := printf "%s in robot mode" .Params.name }}',
  '<meta property="og:type" content="product">\n<meta property="og:site_name" content="{{ .Site.Title }}">',
  '<meta property="og:title" content="{{ .Title }}">\n<meta property="og:description" content="{{ .Description }}">',
  '<meta property="og:url" content="{{ .Permalink }}">\n<meta property="og:locale" content="en_US">',
  '<meta property="og:image" content="{{ $image }}">\n<meta property="og:image:width" content="1200">\n<meta property="og:image:height" content="630">',
  '<meta property="og:image:alt" content="{{ $alt }}">\n<meta property="product:price:amount" content="{{ .Params.price }}">',
  '<meta property="product:price:currency" content="USD">\n<meta name="twitter:card" content="summary_large_image">',
  '<meta name="twitter:title" content="{{ .Title }}">\n<meta name="twitter:description" content="{{ .Description }}">',
  '<meta name="twitter:image" content="{{ $image }}">\n<meta name="twitter:image:alt" content="{{ $alt }}">',
  '<meta name="twitter:label1" content="Price">\n<meta name="twitter:data1" content="${{ lang.FormatNumber 2 .Params.price }} Before sales tax">',
  '<meta name="theme-color" content="#0b1a33">\n<link rel="icon" type="image/svg+xml" href="/us/favicon.svg">',
  // The stylesheet minified once a build (Hugo's resource cache), as the sites' build does.
  '{{ with resources.Get "styles.css" | minify }}<style>{{ .Content | safeCSS }}</style>{{ end }}\n{{ partial "loader.html" . }}',
  // The four JSON-LD blocks of a product page: the organisation, the page, the product, the breadcrumbs.
  '{{ $r := .Site.Data.region }}',
  '<script type="application/ld+json">{{ dict "@context" "https://schema.org" "@type" "Organization" "name" $r.company.name "alternateName" .Site.Title "url" ("" | absURL) "logo" ("favicon.svg" | absURL) "sameAs" (apply $r.media "index" "." "link") | jsonify | safeJS }}</script>',
  '<script type="application/ld+json">{{ dict "@context" "https://schema.org" "@type" "WebPage" "name" .Title "description" .Description "url" .Permalink "inLanguage" "en-US" | jsonify | safeJS }}</script>',
  '<script type="application/ld+json">{{ dict "@context" "https://schema.org" "@type" "Product" "name" .Params.name "description" .Description "image" $image "sku" .Params.key "brand" (dict "@type" "Brand" "name" .Site.Title) "offers" (dict "@type" "Offer" "price" (lang.FormatNumber 2 .Params.price) "priceCurrency" "USD" "availability" (cond (ne .Params.buy "") "https://schema.org/InStock" "https://schema.org/OutOfStock") "url" .Permalink) | jsonify | safeJS }}</script>',
  '<script type="application/ld+json">{{ dict "@context" "https://schema.org" "@type" "BreadcrumbList" "itemListElement" (slice (dict "@type" "ListItem" "position" 1 "name" .Site.Title "item" ("" | absURL)) (dict "@type" "ListItem" "position" 2 "name" .Params.name "item" .Permalink)) | jsonify | safeJS }}</script>',
  '</head>',
].join('\n');

const HEADER = [
  '<header class="site-header" id="header" data-part="header"><div class="bar">',
  `<a href="/us" data-speculate="" class="brand">${SVG_BRAND}<span>{{ .Site.Title }}</span><span class="visually-hidden"> – Home</span></a>`,
  `<nav class="site-nav" aria-label="Main navigation"><button type="button" class="menu-toggle" aria-label="Menu" aria-expanded="false" aria-controls="site-nav-panel">${SVG_MENU}<span class="menu-label">Menu</span></button>`,
  '<div id="site-nav-panel" class="nav-panel"><ul id="site-nav-list" class="nav-list">',
  '{{ range $i, $n := $r.navs }}<li>{{ if $n.children }}<div class="nav-menu" data-nav="{{ $n.identify }}">',
  `<button type="button" class="nav-menu-button" aria-expanded="false" aria-controls="menu-{{ $i }}"><span class="nav-label">{{ $n.label }}</span>${SVG_CARET}</button>`,
  '<ul id="menu-{{ $i }}" class="nav-submenu" hidden="">{{ range $n.children }}<li><a href="{{ .link }}" data-speculate="" data-nav="{{ .identify }}"{{ if eq .link $.RelPermalink }} aria-current="page"{{ end }}>',
  '<span class="nav-label">{{ .label }}</span>{{ with .tag }}<span class="nav-tag" style="background:{{ .color | safeCSS }}">{{ .label }}</span>{{ end }}</a></li>{{ end }}</ul></div>',
  '{{ else }}<a href="{{ $n.link }}" data-speculate="" data-nav="{{ $n.identify }}"><span class="nav-label">{{ $n.label }}</span></a>{{ end }}</li>{{ end }}</ul>',
  `<div class="header-tools"><a href="/us/choose-your-region" class="region-link">${SVG_GLOBE}<span>US</span><span class="visually-hidden"> – Choose your region</span></a>`,
  '<a href="/us/login?fromPath={{ .RelPermalink | urlquery }}" class="account-link" data-testid="account-link">Log in</a></div></div></nav></div></header>',
].join('');

const MAIN = [
  '<main id="main" tabindex="-1" data-part="main"><article class="content-page product-page" aria-labelledby="page-heading">',
  '<section class="product-banner" id="banner" aria-labelledby="page-heading"><div class="banner-text"><h1 id="page-heading">{{ .Params.heading }}</h1><p class="lead">{{ .Params.lead }}</p>',
  '<div class="buy-box" id="buy"><p class="buy-name">{{ .Params.name }}</p><p class="buy-price"><strong data-testid="price">${{ lang.FormatNumber 2 .Params.price }}</strong><span class="tax-note"> Before sales tax</span></p>',
  '<p class="buy-installment" data-testid="installment">Pay in 12 monthly installments · ${{ lang.FormatNumber 2 (div (float .Params.price) 12) }}/month</p>',
  '{{ with .Params.buy }}<p class="buy-actions"><a class="button" href="{{ . }}" target="_blank" rel="noopener noreferrer">Buy now</a></p>{{ else }}<p class="buy-actions">Sold out</p>{{ end }}',
  '<p class="buy-payments" data-testid="payment-methods">Pay with <span class="payment">PayPal</span><span class="payment">Klarna</span></p></div></div>',
  '<img class="robot-art" src="/us/images/{{ .Params.key }}.svg" alt="{{ .Params.name }} in robot mode" width="320" height="320" decoding="async"></section>',
  '<nav class="app-menu" id="app-menu" aria-label="Product sections" data-live="scroll"><ul>{{ range $i, $s := .Params.sections }}<li><a href="#section-{{ add $i 1 }}">{{ $s.heading }}</a></li>{{ end }}',
  '<li><a href="#specs">Specifications</a></li><li><a href="#gallery">Gallery</a></li><li><a href="#buy" aria-current="true">Buy</a></li></ul></nav>',
  '<div class="sections">{{ range $i, $s := .Params.sections }}<section id="section-{{ add $i 1 }}" data-float=""><h2>{{ $s.heading }}</h2><p>{{ $s.text }}</p></section>{{ end }}</div>',
  '<section class="specs" id="specs" aria-labelledby="specs-heading"><h2 id="specs-heading">Specifications</h2>',
  '<div class="collapse limit-mobile" data-open="false" style="--collapse-duration:500ms;--collapse-window:none;--collapse-ipad:none;--collapse-mobile:280px"><div class="collapse-body" id="specs-body"><table><tbody>',
  '{{ range .Params.specs }}<tr><th scope="row">{{ .label }}</th><td>{{ .value }}</td></tr>{{ end }}</tbody></table></div>',
  '<button type="button" class="collapse-toggle link-button" aria-expanded="false" aria-controls="specs-body">Show more</button></div></section>',
  '<section class="gallery" id="gallery" aria-labelledby="gallery-heading"><h2 id="gallery-heading">Gallery</h2><ul>{{ range .Params.gallery }}<li data-float=""><figure>',
  '<img src="/static/img/{{ .image }}.small.webp" srcset="/static/img/{{ .image }}.small.webp 1x, /static/img/{{ .image }}.2x.webp 2x" width="480" height="360" alt="{{ .alt }}" loading="lazy" decoding="async">',
  '<figcaption>{{ .caption }}</figcaption></figure></li>{{ end }}</ul></section></article></main>',
].join('');

const FOOTER = [
  '<footer class="site-footer" data-part="footer"><section class="newsletter" aria-labelledby="newsletter-heading"><h2 id="newsletter-heading">Join the Axlebot crew</h2>',
  '<p>Launch news, early access to limited editions and coding projects, straight to your inbox.</p><form novalidate class="newsletter-form" method="post"><div class="field">',
  '<label for="newsletter-email">Email address for the newsletter</label><input id="newsletter-email" type="email" autocomplete="email" placeholder="Email address" name="email" value=""></div>',
  '<button type="submit" class="button">Subscribe</button></form></section><div class="footer-columns">',
  '{{ range $r.footerNavs }}<nav aria-label="{{ .label }}"><h2>{{ .label }}</h2><ul>{{ range .links }}<li><a href="{{ .link }}"{{ if hasPrefix .link "/" }} data-speculate=""{{ end }}>{{ .label }}</a></li>{{ end }}</ul></nav>{{ end }}</div>',
  '<div class="footer-about"><address><strong>{{ $r.company.name }}</strong>{{ range $r.company.address }}<span>{{ . }}</span>{{ end }}</address>',
  '<nav aria-label="Follow us"><ul class="media-links">{{ range $r.media }}<li><a href="{{ .link }}" target="_blank" rel="noopener noreferrer" data-network="{{ .network }}">{{ title .network }}</a></li>{{ end }}</ul></nav></div>',
  '<div class="bar"><p>Region: <strong data-testid="region-label">United States - English</strong> · <a href="/us/choose-your-region">Change region</a></p><p>{{ $r.copyright }}</p></div></footer>',
].join('');

const BODY_END = [
  '<div class="toaster"><div role="alert" aria-live="assertive"></div><div role="status" aria-live="polite"></div></div></div>',
  // The route data: the page's path, its text's file, its route and its product with its prices.
  '<script type="application/json" id="route-data">{{ dict "path" .RelPermalink "text" (printf "%sindex.json" .RelPermalink) "route" (dict "page" .File.ContentBaseName "kind" "product" "path" .RelPermalink "product" .Params.key "scroll" "banner") "products" (dict .Params.key (dict "name" .Params.name "link" .RelPermalink "buy" .Params.buy "alt" (printf "%s in robot mode" .Params.name) "price" .Params.price "stock" 1 "isPreSale" false)) "prices" (dict (string .Params.price) (printf "$%s" (lang.FormatNumber 2 .Params.price))) | jsonify | safeJS }}</script>',
  '<script type="speculationrules">{"prefetch":[{"source":"document","where":{"and":[{"selector_matches":"a[data-speculate]"},{"not":{"selector_matches":"html[data-hydrated] a"}}]},"eagerness":"moderate"}]}</script>',
  '</body>\n</html>\n',
].join('\n');

/** The layouts, by their path under layouts/: a product page, its text as JSON, and the section's list. */
export function hugoLayouts(): Record<string, string> {
  const body = (main: string) =>
    `${HEAD}\n<body data-page="{{ .File.ContentBaseName }}" data-kind="product">\n<div id="root"><link rel="preload" as="image" href="/us/images/{{ .Params.key }}.svg"><a class="skip-link" href="#main">Skip to main content</a>${HEADER}${main}${FOOTER}${BODY_END}`;
  return {
    '_default/single.html': body(MAIN),
    '_default/single.json':
      '{{ dict "title" .Title "description" .Description "heading" .Params.heading "keywords" .Params.keywords "lead" .Params.lead "sections" .Params.sections "specs" .Params.specs "gallery" .Params.gallery | jsonify }}',
    '_default/list.html':
      '{{ $r := .Site.Data.region }}<!doctype html><html lang="en-US"><head><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></body></html>\n',
  };
}

/**
 * The built-in theme's frame: one document per page (language, title, discovery links, inline
 * styles — no scripts, no outside requests), a header with the site's name and navigation, the
 * page's main landmark and a footer. Accessible by construction: a skip link, landmarks, one h1
 * (the page's own; the site name is a paragraph), visible focus.
 */
import { html, trusted, type Html } from './html';

export interface Chrome {
  /** BCP 47 language of the site (`en-US`). */
  lang: string;
  siteName: string;
  tagline: string;
  homeUrl: string;
  nav: ReadonlyArray<{ label: Html | string; href: string; current?: boolean }>;
  /** The REST root, for `<link rel="https://api.w.org/">`. */
  restRoot: string;
}

export interface Head {
  /** The document title, already escaped (rendered titles keep their entities). */
  title: Html;
  canonical?: string;
  /** The item's REST address (`rel="alternate"; type="application/json"`). */
  json?: string;
  /** oEmbed discovery (singular content only, as WordPress adds it). */
  oembed?: { json: string; xml: string };
  robots?: string;
  /**
   * The search-optimisation head (title, description, robots, canonical, Open Graph, Twitter and
   * the JSON-LD graph), the same string as the item's REST `seo_head`: it replaces the frame's own
   * title, robots and canonical tags.
   */
  seo?: string;
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1e1e1e;--bg:#fff;--muted:#5a5a5a;--accent:#0b57d0;--line:#ddd}
@media (prefers-color-scheme:dark){:root{--fg:#eee;--bg:#141414;--muted:#b0b0b0;--accent:#8ab4f8;--line:#333}}
*{box-sizing:border-box}
body{margin:0;font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.skip-link{position:absolute;left:-9999px;top:0;padding:.5rem 1rem;background:var(--bg)}
.skip-link:focus{left:1rem;z-index:1}
.site-header,.site-main,.site-footer{max-width:44rem;margin:0 auto;padding:1rem 1.25rem}
.site-header{border-bottom:1px solid var(--line)}
.site-title{font-size:1.5rem;font-weight:700;margin:0}
.site-title a{color:inherit;text-decoration:none}
.site-description{margin:.25rem 0 0;color:var(--muted)}
.site-nav ul{list-style:none;margin:.75rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
.site-nav a[aria-current]{font-weight:700}
.entry-meta,.archive-description,.entry-terms{color:var(--muted);font-size:.9375rem}
.entry-summary{margin-top:.5rem}
.post-list{list-style:none;margin:0;padding:0}
.post-list>li{border-bottom:1px solid var(--line);padding:1rem 0}
.post-list h2{margin:0;font-size:1.375rem}
.entry-content img,.attachment img{max-width:100%;height:auto}
.details{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
.details dt{font-weight:600}.details dd{margin:0}
.pagination{display:flex;justify-content:space-between;margin:1.5rem 0}
.post-password-form label{display:block;margin:.5rem 0}
.post-password-form input[type=password]{font:inherit;padding:.375rem;max-width:100%}
.post-password-form button{font:inherit;padding:.375rem 1rem}
.site-footer{border-top:1px solid var(--line);color:var(--muted);font-size:.875rem}
`;

export function layout(chrome: Chrome, head: Head, main: Html, bodyClass: string): string {
  return html`<!DOCTYPE html>
<html lang="${chrome.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${head.seo !== undefined ? trusted(head.seo) : html`<title>${head.title} &#8211; ${chrome.siteName}</title>\n`}${head.robots && head.seo === undefined ? html`<meta name="robots" content="${head.robots}">\n` : ''}<link rel="icon" href="data:,">
<link rel="https://api.w.org/" href="${chrome.restRoot}">
${head.json ? html`<link rel="alternate" title="JSON" type="application/json" href="${head.json}">\n` : ''}${head.canonical && head.seo === undefined ? html`<link rel="canonical" href="${head.canonical}">\n` : ''}${
    head.oembed
      ? html`<link rel="alternate" title="oEmbed (JSON)" type="application/json+oembed" href="${head.oembed.json}">
<link rel="alternate" title="oEmbed (XML)" type="text/xml+oembed" href="${head.oembed.xml}">\n`
      : ''
  }<style>${trusted(STYLE)}</style>
</head>
<body class="${bodyClass}">
<a class="skip-link" href="#content">Skip to content</a>
<header class="site-header">
<p class="site-title"><a href="${chrome.homeUrl}" rel="home">${chrome.siteName}</a></p>
${chrome.tagline ? html`<p class="site-description">${chrome.tagline}</p>\n` : ''}<nav class="site-nav" aria-label="Primary">
<ul>${chrome.nav.map((item) => html`<li><a href="${item.href}"${item.current ? trusted(' aria-current="page"') : ''}>${item.label}</a></li>`)}</ul>
</nav>
</header>
<main id="content" class="site-main">
${main}
</main>
<footer class="site-footer">
<p>${chrome.siteName}</p>
</footer>
</body>
</html>
`.text;
}

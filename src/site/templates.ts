/**
 * The theme's page bodies: single items, lists, the password form, the 404 page and the embed
 * document (WordPress's wp-includes/theme-compat/embed-content.php, reduced). Inputs are already
 * rendered by the domain (titles, contents, excerpts) or plain text, which the `html` tag escapes.
 */
import { EMBED_SCRIPT } from './embed-script';
import { escapeHtml, html, renderedText, trusted, type Html } from './html';

export interface Link {
  /** Plain text, or an already rendered title. */
  label: string | Html;
  href: string;
}

export interface Entry {
  /** The rendered title (the_title, with WordPress's Protected:/Private: prefixes). */
  title: string;
  link: string;
  /** ISO instant and its text in the site's date format. */
  datetime?: string;
  date?: string;
  author?: Link;
  summary?: Html;
}

export interface Pagination {
  newer?: string;
  older?: string;
}

const meta = (entry: Entry): Html | '' =>
  entry.date || entry.author
    ? html`<p class="entry-meta">${entry.date ? html`<time datetime="${entry.datetime ?? ''}">${entry.date}</time>` : ''}${entry.author ? html` by <a href="${entry.author.href}" rel="author">${entry.author.label}</a>` : ''}</p>`
    : '';

const termLinks = (label: string, terms: readonly Link[], rel: string): Html | '' =>
  terms.length ? html`<p class="entry-terms">${label}: ${terms.map((t, i) => html`${i ? ', ' : ''}<a href="${t.href}" rel="${rel}">${t.label}</a>`)}</p>` : '';

export function singleEntry(entry: Entry, body: Html, extras: { categories?: readonly Link[]; tags?: readonly Link[]; before?: Html | ''; after?: Html | '' } = {}): Html {
  return html`<article class="entry">
<header class="entry-header">
<h1 class="entry-title">${trusted(entry.title)}</h1>
${meta(entry)}
</header>
${extras.before ?? ''}<div class="entry-content">
${body}
</div>
${extras.after ?? ''}${extras.categories?.length || extras.tags?.length ? html`<footer class="entry-footer">${termLinks('Categories', extras.categories ?? [], 'category tag')}${termLinks('Tags', extras.tags ?? [], 'tag')}</footer>` : ''}
</article>`;
}

export function entryList(heading: Html | string, description: Html | '', entries: readonly Entry[], pagination: Pagination, empty = 'Nothing has been published here yet.'): Html {
  return html`<header class="archive-header">
<h1 class="archive-title">${heading}</h1>
${description ? html`<div class="archive-description">${description}</div>` : ''}
</header>
${
  entries.length
    ? html`<ul class="post-list">
${entries.map((entry) => html`<li><article>
<h2 class="entry-title"><a href="${entry.link}">${trusted(entry.title)}</a></h2>
${meta(entry)}
${entry.summary ? html`<div class="entry-summary">${entry.summary}</div>` : ''}
</article></li>
`)}</ul>`
    : html`<p>${empty}</p>`
}
${
  pagination.newer || pagination.older
    ? html`<nav class="pagination" aria-label="Pages">${pagination.newer ? html`<a href="${pagination.newer}" rel="prev">Newer entries</a>` : html`<span></span>`}${pagination.older ? html`<a href="${pagination.older}" rel="next">Older entries</a>` : ''}</nav>`
    : ''
}`;
}

/** get_the_password_form(): posts to wp-login.php?action=postpass, back to this page afterwards. */
export function passwordForm(action: string, redirectTo: string, id: number, wrong: boolean): Html {
  const field = `pwbox-${id}`;
  return html`<form action="${action}" class="post-password-form" method="post">
<p>This content is password protected. To view it please enter your password below:</p>
${wrong ? html`<p role="alert">The password you entered is not correct.</p>` : ''}<p><label for="${field}">Password:</label> <input name="post_password" id="${field}" type="password" spellcheck="false" autocomplete="current-password" required> <button type="submit">Enter</button></p>
<input type="hidden" name="redirect_to" value="${redirectTo}">
</form>`;
}

export function notFoundBody(homeUrl: string): Html {
  return html`<section class="error-404 not-found">
<h1>Page not found</h1>
<p>It looks like nothing was found at this location. Try the <a href="${homeUrl}">home page</a>.</p>
</section>`;
}

export interface EmbedView {
  lang: string;
  siteName: string;
  homeUrl: string;
  title: string;
  link: string;
  /** The excerpt (already rendered) or a notice such as the protected-content one. */
  excerpt: Html;
}

/**
 * The embed document an oEmbed iframe shows (`<permalink>embed/`): title, excerpt, "Continue reading",
 * site name, and the script that tells the host page its height and its clicked links.
 */
export function embedDocument(view: EmbedView): string {
  const title = renderedText(view.title);
  return html`<!DOCTYPE html>
<html lang="${view.lang}" class="no-js">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} &#8211; ${view.siteName}</title>
<meta name="robots" content="noindex, follow">
<link rel="icon" href="data:,">
<link rel="canonical" href="${view.link}">
<style>${trusted(EMBED_STYLE)}</style>
</head>
<body class="wp-embed-responsive">
<main class="wp-embed">
<h1 class="wp-embed-heading"><a href="${view.link}" target="_top">${trusted(view.title)}</a></h1>
<div class="wp-embed-excerpt">${view.excerpt}</div>
<p class="wp-embed-more-link"><a href="${view.link}" class="wp-embed-more" target="_top">Continue reading<span class="screen-reader-text"> ${title}</span></a></p>
<footer class="wp-embed-footer"><div class="wp-embed-site-title"><a href="${view.homeUrl}" target="_top"><span>${view.siteName}</span></a></div></footer>
</main>
<script>${trusted(EMBED_SCRIPT)}</script>
</body>
</html>
`.text;
}

const EMBED_STYLE = `
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1e1e1e;background:transparent}
.wp-embed{padding:25px;background:#fff;border:1px solid #dcdcde;max-width:600px}
.wp-embed-heading{margin:0 0 15px;font-size:22px;line-height:1.3}
.wp-embed-heading a{color:#2c3338;text-decoration:none}
.wp-embed-excerpt p{margin:0 0 1em}
.wp-embed a:focus-visible{outline:2px solid #0b57d0}
.wp-embed-footer{margin-top:20px;font-weight:600}
.wp-embed-footer a{color:#50575e;text-decoration:none}
.screen-reader-text{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(1px,1px,1px,1px)}
`;

/** Plain text as a paragraph (details that are not rendered HTML). */
export const paragraph = (text: string): Html => html`<p>${text}</p>`;

export { escapeHtml };

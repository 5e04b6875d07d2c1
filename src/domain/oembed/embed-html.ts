/**
 * get_post_embed_url() and get_post_embed_html(): the address of a post's embed page
 * (`<permalink>embed/`, or `?embed=true` with plain permalinks or when a child page named `embed`
 * takes that address) and the markup an embedding site prints — a blockquote linking to the post
 * (what shows until the iframe is ready, or without scripts), the sandboxed iframe of the embed
 * page with a fresh secret, and the host script that sizes the iframe from the page's messages.
 */
import { embedSecret, escAttr, escUrl } from './secret';

/** The host side of WordPress's embed messages: `{message: 'height' | 'link', value, secret}` from the embed page. */
const HOST_SCRIPT = [
  '(function(w,d){if(!d.querySelector||!w.addEventListener||w.__embedHost)return;w.__embedHost=1;',
  'w.addEventListener("message",function(e){var m=e.data;if(!m||!m.secret||!/^[a-zA-Z0-9]+$/.test(m.secret))return;',
  'var q=d.querySelectorAll(\'[data-secret="\'+m.secret+\'"]\');for(var i=0;i<q.length;i++){var f=q[i];',
  'if(f.tagName==="BLOCKQUOTE"){f.style.display="none";continue;}if(f.tagName!=="IFRAME"||f.contentWindow!==e.source)continue;',
  'f.removeAttribute("style");if(m.message==="height"){var h=parseInt(m.value,10);f.height=String(Math.min(Math.max(h||200,200),1000));}',
  'else if(m.message==="link"){var a=d.createElement("a"),b=d.createElement("a");a.href=f.getAttribute("src");b.href=m.value;',
  'if(/^https?:$/.test(b.protocol)&&b.host===a.host&&d.activeElement===f)w.top.location.href=m.value;}}},false);',
  'var r=function(){var f=d.querySelectorAll("iframe.wp-embedded-content");for(var i=0;i<f.length;i++){',
  'var s=f[i].getAttribute("data-secret");if(s&&f[i].contentWindow)f[i].contentWindow.postMessage({message:"ready",secret:s},"*");}};',
  // Printed into a page that is already parsed (inserted later), it says `ready` at once.
  'if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",r,false);else r();',
  '})(window,document);',
].join('');

export interface EmbedTarget {
  permalink: string;
  /** The rendered title (get_the_title()). */
  title: string;
  siteName: string;
  plainPermalinks: boolean;
  /** A page named `embed` under this record takes `<permalink>embed/`. */
  pathTaken: boolean;
}

/** get_post_embed_url(). */
export function postEmbedUrl(target: Pick<EmbedTarget, 'permalink' | 'plainPermalinks' | 'pathTaken'>): string {
  if (target.plainPermalinks || target.pathTaken) {
    const [base, fragment] = target.permalink.split('#', 2);
    const joined = `${base}${base.includes('?') ? '&' : '?'}embed=true`;
    return fragment === undefined ? joined : `${joined}#${fragment}`;
  }
  return `${target.permalink.replace(/\/+$/, '')}/embed/`;
}

/** get_post_embed_html(). */
export function postEmbedHtml(target: EmbedTarget, width: number, height: number): string {
  const secret = embedSecret();
  const embedUrl = `${postEmbedUrl(target)}#?secret=${secret}`;
  const title = escAttr(`&#8220;${target.title}&#8221; &#8212; ${target.siteName}`);
  return (
    `<blockquote class="wp-embedded-content" data-secret="${secret}"><a href="${escUrl(target.permalink)}">${target.title}</a></blockquote>` +
    `<iframe sandbox="allow-scripts" security="restricted" src="${escUrl(embedUrl)}" width="${Math.abs(Math.trunc(width))}" height="${Math.abs(Math.trunc(height))}" title="${title}" data-secret="${secret}" frameborder="0" marginwidth="0" marginheight="0" scrolling="no" class="wp-embedded-content"></iframe>` +
    `<script>\n${HOST_SCRIPT}\n</script>\n`
  );
}

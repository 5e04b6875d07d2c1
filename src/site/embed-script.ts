/**
 * The embed page's half of WordPress's embed messages (wp-embed-template.js; the host half is in
 * src/domain/oembed/embed-html.ts). The embed page runs in a sandboxed iframe of an opaque origin,
 * so it talks to its host only by postMessage, always with the secret the host put in the address
 * (`#?secret=S`):
 * - `{message: 'height', value, secret}` on load, on resize and when the host says `ready`, so the
 *   host sizes the iframe to the document (and hides its blockquote);
 * - `{message: 'link', value: href, secret}` on a plain click of a `target="_top"` link: the
 *   sandbox forbids navigating the top page, so the host does it (after checking the host name).
 * Outside a frame, or without a well-formed secret, it sends nothing.
 */

/** The script's text, printed inline at the end of the embed document's body. */
export const EMBED_SCRIPT = `(function(w,d){
if(!d.querySelector||!w.addEventListener)return;
d.documentElement.className=d.documentElement.className.replace(/\\bno-js\\b/,"js");
if(w.self===w.top)return;
var secret=null,queued=false;
function readSecret(){var m=/^#\\?(?:.*&)?secret=([a-zA-Z0-9]+)(?:&|$)/.exec(w.location.hash);secret=m?m[1]:null;}
function send(message,value){if(secret)w.parent.postMessage({message:message,value:value,secret:secret},"*");}
function sendHeight(){queued=false;send("height",Math.ceil(d.body.getBoundingClientRect().height));}
function queueHeight(){if(!queued){queued=true;w.requestAnimationFrame(sendHeight);}}
readSecret();
w.addEventListener("hashchange",function(){readSecret();sendHeight();},false);
w.addEventListener("load",sendHeight,false);
w.addEventListener("resize",queueHeight,false);
w.addEventListener("message",function(e){var m=e.data;
if(e.source===w.parent&&m&&secret&&m.secret===secret&&m.message==="ready")sendHeight();},false);
d.addEventListener("click",function(e){
if(e.defaultPrevented||e.button!==0||e.altKey||e.ctrlKey||e.metaKey||e.shiftKey||!secret)return;
var a=e.target&&e.target.closest?e.target.closest("a[href]"):null;
if(!a||a.target!=="_top")return;
send("link",a.href);e.preventDefault();},false);
sendHeight();
})(window,document);`;

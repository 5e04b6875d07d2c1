/**
 * Findings in one stored field: the HTML scan's injections and links to blocked hosts, with the
 * words people read. One finding per kind of problem per field, keyed so that the next scan finds
 * the same problem under the same identity.
 */
import { createHash } from 'node:crypto';
import { blockedHostOf } from './hosts';
import { isScriptUrl, scanHtml, type Injection, type InjectionKind } from './html-scan';
import { obfuscationInText } from './obfuscation';
import { SEVERITY, type FindingDraft, type RecordRef } from './types';

export interface Field {
  record: RecordRef;
  /** The record for people: `post "Hello" (#12)`. */
  label: string;
  /** The field's name: content, excerpt, title, description, url, value... */
  field: string;
  blockedHosts: readonly string[];
  /** Details every finding of the record carries (post type, taxonomy...). */
  data?: Record<string, unknown>;
}

const SEVERITY_OF: Record<InjectionKind, number> = {
  script: SEVERITY.high,
  iframe: SEVERITY.medium,
  'event-handler': SEVERITY.high,
  'javascript-url': SEVERITY.high,
  obfuscated: SEVERITY.critical,
};

const WHAT: Record<InjectionKind, string> = {
  script: 'a <script> element',
  iframe: 'an embedded frame or object',
  'event-handler': 'an event-handler attribute',
  'javascript-url': 'a javascript: URL',
  obfuscated: 'obfuscated JavaScript',
};

export function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function injectionDraft(field: Field, injection: Injection, value: string): FindingDraft {
  return {
    type: 'injection',
    severity: SEVERITY_OF[injection.kind],
    shortMsg: `The ${field.field} of ${field.label} contains ${WHAT[injection.kind]}`,
    longMsg: `The ${field.field} of ${field.label} contains ${WHAT[injection.kind]} (${injection.detail}). Code stored in content runs in every visitor's browser; if nobody on the site put it there on purpose, the site may have been compromised. Remove it, then check who could write this record.`,
    record: field.record,
    key: `${field.field}:${injection.kind}`,
    value: digest(value),
    data: { ...field.data, field: field.field, injection: injection.kind, detail: injection.detail },
  };
}

function hostDraft(field: Field, url: string, host: string): FindingDraft {
  return {
    type: 'blockedHost',
    severity: SEVERITY.high,
    shortMsg: `The ${field.field} of ${field.label} links to a blocked host (${host})`,
    longMsg: `The ${field.field} of ${field.label} points at ${url}, on ${host}, a host on the scan's block list. Links to such hosts are often injected spam or malware distribution; remove the link if it is not meant to be there.`,
    record: field.record,
    key: `${field.field}:host:${host}`,
    value: digest(url),
    data: { ...field.data, field: field.field, url, host },
  };
}

function hostDrafts(field: Field, urls: readonly string[]): FindingDraft[] {
  const seen = new Set<string>();
  const out: FindingDraft[] = [];
  for (const url of urls) {
    const host = blockedHostOf(url, field.blockedHosts);
    if (!host || seen.has(host)) continue;
    seen.add(host);
    out.push(hostDraft(field, url, host));
  }
  return out;
}

/** A field holding HTML (titles, content, excerpts, descriptions). */
export function htmlFieldFindings(field: Field, html: string): FindingDraft[] {
  if (!html) return [];
  const facts = scanHtml(html);
  return [...facts.injections.map((injection) => injectionDraft(field, injection, html)), ...hostDrafts(field, facts.links)];
}

/** A field holding one URL (a menu item's address, a redirect's target). */
export function urlFieldFindings(field: Field, url: string): FindingDraft[] {
  if (!url) return [];
  const out: FindingDraft[] = [];
  if (isScriptUrl(url)) out.push(injectionDraft(field, { kind: 'javascript-url', detail: url.trim().slice(0, 40) }, url));
  const sign = obfuscationInText(url);
  if (sign) out.push(injectionDraft(field, { kind: 'obfuscated', detail: sign }, url));
  return [...out, ...hostDrafts(field, [url])];
}

/** A stored setting's text: HTML if it has tags, a URL if it is one, and decoding calls anywhere. */
export function textFieldFindings(field: Field, text: string): FindingDraft[] {
  if (!text) return [];
  const out = text.includes('<') ? htmlFieldFindings(field, text) : [];
  const kinds = new Set(out.map((draft) => draft.key));
  const sign = obfuscationInText(text);
  if (sign && !kinds.has(`${field.field}:obfuscated`)) out.push(injectionDraft(field, { kind: 'obfuscated', detail: sign }, text));
  if (isScriptUrl(text) && !kinds.has(`${field.field}:javascript-url`)) out.push(injectionDraft(field, { kind: 'javascript-url', detail: text.trim().slice(0, 40) }, text));
  if (!text.includes('<')) out.push(...hostDrafts(field, [text]));
  return out;
}

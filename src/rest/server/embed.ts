/**
 * `_embed`: follows the embeddable links of a response through the same dispatcher (context=embed)
 * and puts the results under `_embedded`, aligned with each relation's links (rest-semantics §2.8).
 */
import type { DispatchResult, InternalRequest, RestDispatcher } from './dispatcher';
import { parseList } from './fields';
import { compactLinks, type Link, type Links } from './links';
import { addTargetHints } from './target-hints';

/** `_embed` value -> null (no embedding), true (everything) or the list of compact rel names. */
export function parseEmbed(value: unknown): true | string[] | null {
  if (value === undefined) return null;
  if (value === '' || value === '1' || value === 'true' || value === true) return true;
  const list = parseList(value);
  return list.length ? list : true;
}

function compactRel(rel: string): string {
  return rel.startsWith('https://api.w.org/') ? 'wp:' + rel.slice('https://api.w.org/'.length) : rel;
}

export async function embedLinks(data: unknown, wanted: true | string[], dispatcher: RestDispatcher, parent: InternalRequest): Promise<void> {
  const records = (Array.isArray(data) ? data : [data]).filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && '_links' in r);
  const cache = new Map<string, Promise<unknown>>();
  const fetchOne = (href: string): Promise<unknown> => {
    let pending = cache.get(href);
    if (!pending) {
      pending = (async () => {
        const target = dispatcher.deps.urls.parse(href);
        if (!target) return null;
        const query: Record<string, unknown> = { context: 'embed', ...target.query };
        const match = dispatcher.deps.registry.match(target.route);
        const perPageMax = match?.route.endpoints.find((e) => e.methods.includes('GET'))?.args?.per_page?.maximum;
        if (perPageMax !== undefined && query.per_page === undefined) query.per_page = perPageMax;
        const result: DispatchResult = await dispatcher.dispatch({ method: 'GET', route: target.route, query, body: { kind: 'none' }, headers: parent.headers, viewer: parent.viewer, loaders: parent.loaders });
        // A resource we do not serve (comments: the `replies` link) embeds as nothing, like an
        // empty collection would, rather than as a rest_no_route error object.
        if ((result.data as { code?: string } | null)?.code === 'rest_no_route') return [];
        if (result.status < 400) await addTargetHints(result.data, dispatcher, parent);
        compactEmbedded(result.data);
        return result.data;
      })();
      cache.set(href, pending);
    }
    return pending;
  };
  await Promise.all(
    records.map(async (record) => {
      const links = record._links as Links;
      const embedded: Record<string, unknown[]> = {};
      for (const [rel, list] of Object.entries(links)) {
        const name = compactRel(rel);
        if (name === 'curies' || (wanted !== true && !wanted.includes(name))) continue;
        const items = await Promise.all((list as Link[]).map(async (l) => (l.embeddable ? fetchOne(l.href) : [])));
        // As WordPress's array_filter: a relation whose embeds are all empty is left out.
        if (items.some((i) => !(Array.isArray(i) && i.length === 0) && i !== null)) embedded[name] = items.map((i) => i ?? []);
      }
      if (Object.keys(embedded).length) record._embedded = embedded;
    }),
  );
}

function compactEmbedded(data: unknown): void {
  for (const record of Array.isArray(data) ? data : [data]) {
    if (record && typeof record === 'object' && '_links' in record) {
      const r = record as { _links: Links };
      r._links = compactLinks(r._links) as Links;
    }
  }
}

/**
 * `targetHints.allow` on self links (WordPress 6.7+): the methods this viewer may use on the
 * record, found by asking the permission checks of the route the self link points to.
 */
import type { InternalRequest, RestDispatcher } from './dispatcher';
import type { Link } from './links';

export async function addTargetHints(data: unknown, dispatcher: RestDispatcher, parent: InternalRequest): Promise<void> {
  const records = (Array.isArray(data) ? data : [data]).filter((r): r is { _links: Record<string, Link[]> } => !!r && typeof r === 'object' && '_links' in r);
  await Promise.all(
    records.map(async (record) => {
      const self = record._links?.self?.[0];
      if (!self || self.targetHints) return;
      const target = dispatcher.deps.urls.parse(self.href);
      if (!target) return;
      const allow = await dispatcher.allowHeader({ method: 'GET', route: target.route, query: target.query, body: { kind: 'none' }, headers: parent.headers, viewer: parent.viewer, loaders: parent.loaders });
      if (allow) self.targetHints = { allow: allow.split(', ') };
    }),
  );
}

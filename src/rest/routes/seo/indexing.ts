/**
 * seo/v1: indexing/* and link-indexing/* (the plugin's Indexing_Route), translated onto
 * src/domain/seo/indexing.ts: each answers `{objects, next_url}`, next_url being this route's own
 * address while a full batch was processed, false when there is nothing more.
 */
import { runIndexing, runLinkIndexing, type IndexingAction, type IndexingBatch, type LinkIndexingAction } from '../../../domain/seo/indexing';
import { canSeo } from '../../../domain/seo/permissions';
import type { HandlerRequest, RouteDef } from '../../server/types';

const NS = 'seo/v1';

const INDEXING_ACTIONS: readonly IndexingAction[] = ['prepare', 'posts', 'terms', 'post-type-archives', 'general', 'indexables-complete', 'complete'];
const LINK_ACTIONS: readonly LinkIndexingAction[] = ['posts', 'terms'];

function answer(request: HandlerRequest, route: string, batch: IndexingBatch): { objects: unknown[]; next_url: string | false } {
  return { objects: batch.objects, next_url: batch.next ? request.urls.url(route) : false };
}

function route(path: string, run: (request: HandlerRequest) => Promise<IndexingBatch>): RouteDef {
  return {
    namespace: NS,
    path,
    endpoints: [
      {
        methods: ['POST'],
        permission: (request) => canSeo(request.domain.viewer, 'edit_posts'),
        handler: async (request) => answer(request, path, await run(request)),
      },
    ],
  };
}

export function indexingRoutes(): RouteDef[] {
  return [
    ...INDEXING_ACTIONS.map((action) => route(`/seo/v1/indexing/${action}`, (request) => runIndexing(request.domain, action))),
    ...LINK_ACTIONS.map((kind) => route(`/seo/v1/link-indexing/${kind}`, (request) => runLinkIndexing(request.domain, kind))),
  ];
}

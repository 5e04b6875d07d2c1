/**
 * seo/v1: statistics, seo_scores, readability_scores — translated onto src/domain/seo (statistics.ts,
 * scores.ts). Invalid arguments of the score routes answer the plugin's plain `{error}` body.
 */
import { canSeo } from '../../../domain/seo/permissions';
import { currentScores, ScoresArgumentError } from '../../../domain/seo/scores';
import type { ScoreKind } from '../../../domain/seo/score-groups';
import { seoStatistics } from '../../../domain/seo/statistics';
import type { ArgSchema } from '../../../schema/types';
import type { HandlerRequest, RouteDef } from '../../server/types';
import { yoastAnswer } from './yoast-answer';

const NS = 'seo/v1';

/** The score routes' arguments (Abstract_Scores_Route::register_routes). */
const SCORE_ARGS: Record<string, ArgSchema> = {
  contentType: { type: 'string', required: true },
  taxonomy: { type: 'string', default: '' },
  term: { type: 'integer', default: null },
  troubleshooting: { type: 'boolean', default: null },
};

function scoresRoute(path: string, kind: ScoreKind): RouteDef {
  return {
    namespace: NS,
    path: `/seo/v1/${path}`,
    endpoints: [
      {
        methods: ['GET'],
        args: SCORE_ARGS,
        permission: (request) => canSeo(request.domain.viewer, 'wpseo_manage_options'),
        handler: async (request: HandlerRequest) => {
          const { contentType, taxonomy, term, troubleshooting } = request.params;
          try {
            return await currentScores(request.domain, kind, {
              contentType: typeof contentType === 'string' ? contentType.trim() : '',
              taxonomy: typeof taxonomy === 'string' ? taxonomy.trim() : '',
              term: typeof term === 'number' && Number.isFinite(term) ? Math.trunc(term) : null,
              troubleshooting: troubleshooting === true,
            });
          } catch (error) {
            if (error instanceof ScoresArgumentError) return yoastAnswer({ error: error.message }, error.status);
            throw error;
          }
        },
      },
    ],
  };
}

export function scoresRoutes(): RouteDef[] {
  return [
    {
      namespace: NS,
      path: '/seo/v1/statistics',
      endpoints: [{ methods: ['GET'], permission: (request) => request.domain.viewer.can('read'), handler: (request) => seoStatistics(request.domain) }],
    },
    scoresRoute('seo_scores', 'seo'),
    scoresRoute('readability_scores', 'readability'),
  ];
}

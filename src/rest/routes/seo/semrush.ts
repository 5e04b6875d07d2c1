/**
 * seo/v1: semrush/* (SEMrush_Route), onto src/domain/seo/semrush.ts: each answer is Yoast's result
 * object with its `status` as the HTTP status.
 */
import { canSeo } from '../../../domain/seo/permissions';
import { authenticate, isCountryCode, relatedKeyphrases, setCountryCode, type SemrushResult } from '../../../domain/seo/semrush';
import type { HandlerRequest, RouteDef } from '../../server/types';
import { yoastAnswer } from './yoast-answer';

const NS = 'seo/v1';

const canUse = (request: HandlerRequest) => canSeo(request.viewer, 'edit_posts') || canSeo(request.viewer, 'edit_pages');
const mirrored = (result: SemrushResult) => yoastAnswer(result, result.status);
const invalidParameter = { code: 'rest_invalid_param', message: 'Invalid parameter.' };

export function semrushRoutes(): RouteDef[] {
  return [
    {
      namespace: NS,
      path: `/${NS}/semrush/authenticate`,
      endpoints: [{
        methods: ['POST'],
        args: { code: { required: true, validate: (value) => (typeof value === 'string' && value !== '' ? null : invalidParameter) } },
        permission: canUse,
        handler: async (request) => mirrored(await authenticate(request.domain, request.params.code as string)),
      }],
    },
    {
      namespace: NS,
      path: `/${NS}/semrush/country_code`,
      endpoints: [{
        methods: ['POST'],
        args: { country_code: { required: true, validate: (value) => (isCountryCode(value) ? null : invalidParameter) } },
        permission: canUse,
        handler: async (request) => mirrored(await setCountryCode(request.domain, request.params.country_code as string)),
      }],
    },
    {
      namespace: NS,
      path: `/${NS}/semrush/related_keyphrases`,
      endpoints: [{
        methods: ['GET'],
        args: {
          keyphrase: { required: true, validate: (value) => (typeof value === 'string' && value.trim() !== '' ? null : invalidParameter) },
          country_code: { required: true, validate: (value) => (typeof value === 'string' ? null : invalidParameter) },
        },
        permission: canUse,
        handler: async (request) => mirrored(await relatedKeyphrases(request.domain, request.params.keyphrase as string, request.params.country_code as string)),
      }],
    },
  ];
}

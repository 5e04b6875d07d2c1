/**
 * seo/v1: configuration/* (First_Time_Configuration_Route), onto src/domain/seo/configuration.ts.
 * The answers are Yoast's result objects with their `status` as the HTTP status, except
 * social_profiles (wrapped as `{json: ...}`, always 200) and check_capability (always 200).
 */
import { canSeo } from '../../../domain/seo/permissions';
import {
  checkCapability,
  getConfigurationState,
  saveConfigurationState,
  setEnableTracking,
  setSiteRepresentation,
  setSocialProfiles,
  type SeoResult,
} from '../../../domain/seo/configuration';
import type { HandlerRequest, RouteDef } from '../../server/types';
import { yoastAnswer } from './yoast-answer';

const NS = 'seo/v1';

const canManage = (request: HandlerRequest) => canSeo(request.viewer, 'wpseo_manage_options');

const mirrored = (result: SeoResult) => yoastAnswer(result, result.status);

/** The declared arguments that were given, plus `website_name` (undeclared, read by Yoast from the body), in a prototype-free map. */
function siteRepresentationParams(request: HandlerRequest): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(request.params)) out[key] = value;
  if (request.has('website_name')) out.website_name = request.get('website_name');
  return out;
}

function route(path: string, endpoint: RouteDef['endpoints'][number]): RouteDef {
  return { namespace: NS, path: `/${NS}/configuration/${path}`, endpoints: [endpoint] };
}

export function configurationRoutes(): RouteDef[] {
  return [
    route('site_representation', {
      methods: ['POST'],
      args: {
        company_or_person: { type: 'string', enum: ['company', 'person'], required: true },
        company_name: { type: 'string' },
        company_logo: { type: 'string' },
        company_logo_id: { type: 'integer' },
        person_logo: { type: 'string' },
        person_logo_id: { type: 'integer' },
        company_or_person_user_id: { type: 'integer' },
        description: { type: 'string' },
      },
      permission: canManage,
      handler: async (request) => mirrored(await setSiteRepresentation(request.domain, siteRepresentationParams(request))),
    }),
    route('social_profiles', {
      methods: ['POST'],
      args: {
        facebook_site: { type: 'string' },
        twitter_site: { type: 'string' },
        other_social_urls: { type: 'array' },
      },
      permission: canManage,
      handler: async (request) => ({ json: await setSocialProfiles(request.domain, request.params) }),
    }),
    route('check_capability', {
      methods: ['GET'],
      args: { user_id: { required: true } },
      permission: canManage,
      handler: async (request) => checkCapability(request.domain, request.params.user_id),
    }),
    route('enable_tracking', {
      methods: ['POST'],
      args: { tracking: { type: 'boolean', required: true } },
      permission: canManage,
      handler: async (request) => mirrored(await setEnableTracking(request.domain, request.params.tracking === true)),
    }),
    route('save_configuration_state', {
      methods: ['POST'],
      args: { finishedSteps: { type: 'array', required: true } },
      permission: canManage,
      handler: async (request) => mirrored(await saveConfigurationState(request.domain, request.params.finishedSteps as unknown[])),
    }),
    route('get_configuration_state', {
      methods: ['GET'],
      permission: canManage,
      handler: async (request) => mirrored(await getConfigurationState(request.domain)),
    }),
  ];
}

/**
 * seo/v1: alerts, introductions, integrations, workouts, new-content-type-visibility,
 * wistia_embed_permission, available_posts, meta/search, file_size, import/{plugin}/{type}; each
 * translates onto its module of src/domain/seo and answers in Yoast's shape for that route.
 */
import { dismissAlert, isDismissableAlert } from '../../../domain/seo/alerts';
import { availablePosts } from '../../../domain/seo/available-posts';
import { dismissNewPostType, dismissNewTaxonomy, postTypeExists, taxonomyExists } from '../../../domain/seo/content-type-visibility';
import { fileSize } from '../../../domain/seo/file-size';
import { runImporter } from '../../../domain/seo/importers';
import { setIntegrationActive } from '../../../domain/seo/integrations';
import { setIntroductionSeen, setWistiaEmbedPermission, wistiaEmbedPermission } from '../../../domain/seo/introductions';
import { searchMeta } from '../../../domain/seo/meta-search';
import { canSeo, type SeoCapability } from '../../../domain/seo/permissions';
import { getWorkouts, setWorkouts } from '../../../domain/seo/workouts';
import { sanitizeTextField } from '../../../domain/text';
import type { ArgSchema } from '../../../schema/types';
import { respond, type EndpointDef, type HandlerRequest, type RouteDef } from '../../server/types';
import { yoastAnswer } from './yoast-answer';

const NS = 'seo/v1';

const allowed = (...capabilities: SeoCapability[]) => (request: HandlerRequest) => capabilities.some((capability) => canSeo(request.viewer, capability));

/** WordPress's answer to a validate_callback that returned false. */
const invalidParameter = { code: 'rest_invalid_param', message: 'Invalid parameter.' };

function existing(check: (value: unknown) => boolean): ArgSchema {
  return { validate: (value) => (check(value) ? null : invalidParameter) };
}

function route(path: string, ...endpoints: EndpointDef[]): RouteDef {
  return { namespace: NS, path: `/${NS}/${path}`, endpoints };
}

/** The body's parameters (JSON or form), in a prototype-free map. */
function bodyOf(request: HandlerRequest): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(request.bodyParams)) out[key] = value;
  return out;
}

export function settingsRoutes(): RouteDef[] {
  const editPosts = allowed('edit_posts');
  const manage = allowed('wpseo_manage_options');
  return [
    route('alerts/dismiss', {
      methods: ['POST'],
      args: { key: { required: true, validate: (value) => (isDismissableAlert(value) ? null : invalidParameter) } },
      permission: editPosts,
      handler: async (request) => {
        const success = await dismissAlert(request.domain, request.params.key as string);
        const status = success ? 200 : 400;
        return yoastAnswer({ success, status }, status);
      },
    }),
    route('introductions/(?P<introduction_id>[\\w-]+)/seen', {
      methods: ['POST'],
      args: {
        introduction_id: { type: 'string', required: true },
        is_seen: { type: 'boolean', default: true },
      },
      permission: editPosts,
      handler: async (request) => {
        const result = await setIntroductionSeen(request.domain, String(request.params.introduction_id), request.params.is_seen !== false);
        // Yoast answers an empty array with the 400; every error here is WordPress-shaped.
        if (result === null) return respond({ code: 'rest_invalid_param', message: 'Invalid introduction.', data: { status: 400, params: { introduction_id: 'Unknown introduction.' } } }, 400);
        return yoastAnswer({ json: { success: result } }, result ? 200 : 400);
      },
    }),
    route('integrations/set_active', {
      methods: ['POST'],
      args: { active: { type: 'boolean', required: true }, integration: { type: 'string', required: true } },
      permission: manage,
      handler: async (request) => ({ json: await setIntegrationActive(request.domain, String(request.params.integration), request.params.active === true) }),
    }),
    route(
      'workouts',
      { methods: ['GET'], permission: allowed('edit_others_posts'), handler: async (request) => ({ json: await getWorkouts(request.domain) }) },
      { methods: ['POST'], permission: allowed('edit_others_posts'), handler: async (request) => ({ json: await setWorkouts(request.domain, bodyOf(request)) }) },
    ),
    route('new-content-type-visibility/dismiss-post-type', {
      methods: ['POST'],
      args: { postTypeName: existing(postTypeExists) },
      permission: editPosts,
      handler: async (request) => dismissNewPostType(request.domain, request.params.postTypeName as string | undefined),
    }),
    route('new-content-type-visibility/dismiss-taxonomy', {
      methods: ['POST'],
      args: { taxonomyName: existing(taxonomyExists) },
      permission: editPosts,
      handler: async (request) => dismissNewTaxonomy(request.domain, request.params.taxonomyName as string | undefined),
    }),
    route(
      'wistia_embed_permission',
      { methods: ['GET'], permission: editPosts, handler: async (request) => ({ json: { value: await wistiaEmbedPermission(request.domain) } }) },
      {
        methods: ['POST'],
        args: { value: { type: 'boolean', default: true } },
        permission: editPosts,
        handler: async (request) => ({ json: { success: await setWistiaEmbedPermission(request.domain, request.params.value !== false) } }),
      },
    ),
    route('available_posts', {
      methods: ['GET'],
      args: {
        search: { type: 'string', default: '', sanitize: (value) => sanitizeTextField(value) },
        postType: { type: 'string', default: 'page', sanitize: (value) => sanitizeTextField(value) },
      },
      permission: manage,
      handler: async (request) => {
        const posts = await availablePosts(request.domain, String(request.params.postType), String(request.params.search));
        return posts ?? yoastAnswer({ error: 'The post type asked is not valid' }, 400);
      },
    }),
    route('meta/search', {
      methods: ['GET'],
      handler: async (request) => searchMeta(request.domain, request.get('post_id'), request.get('query')),
    }),
    route('file_size', {
      methods: ['GET'],
      args: { url: { type: 'string', required: true, description: 'The url to retrieve' } },
      permission: allowed('manage_options'),
      handler: async (request) => {
        // Yoast answers both outcomes with 404; a failure also carries WordPress's error keys (as yoastAnswer adds them elsewhere).
        const answer = await fileSize(request.domain, String(request.params.url));
        return answer.type === 'failure' ? yoastAnswer({ ...answer, message: answer.response }, 404) : respond(answer, 404);
      },
    }),
    route('import/(?P<plugin>[\\w-]+)/(?P<type>[\\w-]+)', {
      methods: ['POST'],
      permission: editPosts,
      handler: async (request) => runImporter(request.domain, String(request.params.plugin), String(request.params.type)),
    }),
  ];
}

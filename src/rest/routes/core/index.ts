/**
 * The `core/v2` routes in WordPress's registration order (create_initial_rest_routes): post types
 * (posts, pages with their revisions and autosaves), media, menu items, types, statuses, taxonomies,
 * terms (categories, tags, menus), users, application passwords, search, settings.
 */
import type { RouteDef } from '../../server/types';
import { applicationPasswordRoutes } from './application-passwords';
import { mediaRoutes } from './media';
import { menuItemRoutes } from './menu-items';
import { menuRoutes } from './menus';
import { postTypeRoutes } from './post-types';
import { searchRoutes } from './search';
import { settingsRoutes } from './settings';
import { statusRoutes } from './statuses';
import { taxonomyRoutes } from './taxonomies';
import { termRoutes } from './terms';
import { typeRoutes } from './types';
import { userRoutes } from './users';

export function coreRoutes(): RouteDef[] {
  return [
    ...postTypeRoutes(),
    ...mediaRoutes(),
    ...menuItemRoutes(),
    ...typeRoutes(),
    ...statusRoutes(),
    ...taxonomyRoutes(),
    ...termRoutes(),
    ...menuRoutes(),
    ...userRoutes(),
    ...applicationPasswordRoutes(),
    ...searchRoutes(),
    ...settingsRoutes(),
  ];
}

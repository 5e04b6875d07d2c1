/**
 * Theme menu locations: the ones the site declares (register_nav_menus) and which menu each shows,
 * kept in the `nav_menu_locations` option (location -> nav_menu term id; 0 once its menu is gone).
 */
import type { Prisma } from '../../db/client';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import type { LoaderCache } from '../loaders';
import { DEFAULT_OPTIONS } from '../settings/options';
import { canManageMenus } from './access';
import { siteOptionsOnce } from './loaders';

type Tx = Prisma.TransactionClient;

export interface MenuLocation {
  name: string;
  description: string;
  /** The assigned menu's id, 0 when none. */
  menu: number;
}

/** The locations this site's theme declares, in declaration order. */
export const MENU_LOCATIONS: Readonly<Record<string, string>> = {
  primary: 'Primary Menu',
};

export function isRegisteredLocation(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(MENU_LOCATIONS, name);
}

const OPTION = 'nav_menu_locations';

/** The assignments as stored (get_nav_menu_locations), read once per request. */
export async function menuLocationAssignments(holder: { loaders: LoaderCache }): Promise<Record<string, number>> {
  const assignments = (await siteOptionsOnce(holder).load(0)).nav_menu_locations;
  return assignments && typeof assignments === 'object' && !Array.isArray(assignments) ? assignments : {};
}

function parseAssignments(value: string | undefined): Record<string, number> {
  if (value === undefined) return { ...DEFAULT_OPTIONS.nav_menu_locations };
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The assignments inside a write transaction. */
export async function readAssignments(tx: Tx): Promise<Record<string, number>> {
  const row = await tx.option.findUnique({ where: { name: OPTION } });
  return parseAssignments(row?.value);
}

/** Stores the assignments inside a write transaction, encoded as settings/options.ts encodes options. */
export async function writeAssignments(tx: Tx, assignments: Record<string, number>): Promise<void> {
  const value = JSON.stringify(assignments);
  await tx.option.upsert({ where: { name: OPTION }, create: { name: OPTION, value }, update: { value } });
}

/** The locations showing a menu (WP_REST_Menus_Controller::get_menu_locations). */
export function locationsOf(assignments: Record<string, number>, menuId: number): string[] {
  return Object.entries(assignments)
    .filter(([, id]) => id === menuId)
    .map(([name]) => name);
}

/**
 * handle_locations(): the menu shows exactly these locations afterwards; a location taken from
 * another menu moves to this one.
 */
export async function assignLocations(tx: Tx, menuId: number, locations: readonly string[]): Promise<void> {
  for (const location of locations) {
    if (!isRegisteredLocation(location)) throw new DomainError('rest_invalid_menu_location', 'Invalid menu location.', 400, { location });
  }
  const assignments = await readAssignments(tx);
  for (const [name, id] of Object.entries(assignments)) if (id === menuId) delete assignments[name];
  for (const location of locations) assignments[location] = menuId;
  await writeAssignments(tx, assignments);
}

/** wp_delete_nav_menu(): the deleted menu's locations keep their key with 0. */
export async function releaseLocations(tx: Tx, menuId: number): Promise<void> {
  const assignments = await readAssignments(tx);
  const taken = Object.keys(assignments).filter((name) => assignments[name] === menuId);
  if (taken.length === 0) return;
  for (const name of taken) assignments[name] = 0;
  await writeAssignments(tx, assignments);
}

/** The menu-locations controller's read check: edit_theme_options only. */
export function canViewMenuLocations(ctx: Pick<DomainContext, 'viewer'>): boolean {
  return canManageMenus(ctx.viewer);
}

function assertCanView(ctx: DomainContext): void {
  if (!canViewMenuLocations(ctx)) throw forbidden('rest_cannot_view', 'Sorry, you are not allowed to view menu locations.', ctx.viewer);
}

/** GET /menu-locations: every declared location with its menu. */
export async function listMenuLocations(ctx: DomainContext): Promise<MenuLocation[]> {
  assertCanView(ctx);
  const assignments = await menuLocationAssignments(ctx);
  return Object.entries(MENU_LOCATIONS).map(([name, description]) => ({ name, description, menu: Number(assignments[name] ?? 0) || 0 }));
}

/** GET /menu-locations/{location}. */
export async function getMenuLocation(ctx: DomainContext, name: string): Promise<MenuLocation> {
  assertCanView(ctx);
  if (!isRegisteredLocation(name)) throw new DomainError('rest_menu_location_invalid', 'Invalid menu location.', 404);
  const assignments = await menuLocationAssignments(ctx);
  return { name, description: MENU_LOCATIONS[name], menu: Number(assignments[name] ?? 0) || 0 };
}

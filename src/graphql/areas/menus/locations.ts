/**
 * MenuLocationEnum: WPGraphQL names each theme location by WPEnumType::get_safe_name() of its
 * slug (upper case, anything else than letters and digits an underscore, a leading digit
 * prefixed with one): `primary` is PRIMARY.
 */
import { MENU_LOCATIONS } from '../../../domain/menus/locations';

export function locationEnumOf(location: string): string {
  const name = location.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/** The location slug an enum value (or a slug, as idType LOCATION takes it) names, or null. */
export function locationOfEnum(value: string): string | null {
  if (Object.prototype.hasOwnProperty.call(MENU_LOCATIONS, value)) return value;
  return Object.keys(MENU_LOCATIONS).find((location) => locationEnumOf(location) === value) ?? null;
}

/** A list of locations as WPGraphQL answers it: null when there is none. */
export function locationEnums(locations: readonly string[]): string[] | null {
  return locations.length ? locations.map(locationEnumOf) : null;
}

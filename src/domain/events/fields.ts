/**
 * The write rules of each calendar record, as The Events Calendar declares its CREATE_args: which
 * fields are required and which validator each field passes. The REST arguments print and check
 * them, and inline venues/organizers given with an event are checked against them
 * (WP_REST_Request::has_valid_params on the linked type's CREATE_args).
 */
import type { DomainContext } from '../context';
import { linkedCheck, isImageOrEmpty, isString, isStringOrEmpty, isTime, isTimezoneOrEmpty, isUrlOrEmpty, isUserId, isWritableStatus, type Check } from './validators';

export interface FieldRule {
  required?: boolean;
  check?: Check;
}

export const VENUE_RULES: Readonly<Record<string, FieldRule>> = {
  author: { check: isUserId },
  date: { check: isTime },
  date_utc: { check: isTime },
  venue: { required: true, check: isString },
  description: { check: isStringOrEmpty },
  status: { check: isWritableStatus },
  show_map: {},
  show_map_link: {},
  address: { check: isStringOrEmpty },
  city: { check: isStringOrEmpty },
  country: { check: isStringOrEmpty },
  province: { check: isStringOrEmpty },
  state: { check: isStringOrEmpty },
  zip: { check: isStringOrEmpty },
  phone: { check: isStringOrEmpty },
  stateprovince: { check: isStringOrEmpty },
  website: { check: isUrlOrEmpty },
  image: { check: isImageOrEmpty },
};

export const ORGANIZER_RULES: Readonly<Record<string, FieldRule>> = {
  author: { check: isUserId },
  date: { check: isTime },
  date_utc: { check: isTime },
  organizer: { required: true, check: isString },
  description: { check: isStringOrEmpty },
  status: { check: isWritableStatus },
  phone: { check: isStringOrEmpty },
  website: { check: isUrlOrEmpty },
  email: { check: isStringOrEmpty },
  image: { check: isImageOrEmpty },
};

/** has_valid_params() of one inline entry: required fields present, every given field valid. */
export async function passesRules(ctx: DomainContext, rules: Readonly<Record<string, FieldRule>>, entry: Record<string, unknown>): Promise<boolean> {
  for (const [name, rule] of Object.entries(rules)) {
    const value = entry[name];
    if (value === undefined || value === null) {
      if (rule.required) return false;
      continue;
    }
    if (rule.check && (await rule.check(ctx, value)) !== true) return false;
  }
  return true;
}

export const EVENT_RULES: Readonly<Record<string, FieldRule>> = {
  author: { check: isUserId },
  date: { check: isTime },
  date_utc: { check: isTime },
  title: { required: true, check: isString },
  description: { check: isString },
  slug: { check: isString },
  excerpt: { check: isString },
  status: { check: isWritableStatus },
  timezone: { check: isTimezoneOrEmpty },
  all_day: {},
  start_date: { required: true, check: isTime },
  end_date: { required: true, check: isTime },
  image: { check: isImageOrEmpty },
  cost: {},
  website: { check: isUrlOrEmpty },
  show_map: {},
  show_map_link: {},
  hide_from_listings: {},
  sticky: {},
  featured: {},
  categories: {},
  tags: {},
  venue: { check: linkedCheck('venue', (ctx, entry) => passesRules(ctx, VENUE_RULES, entry)) },
  organizer: { check: linkedCheck('organizer', (ctx, entry) => passesRules(ctx, ORGANIZER_RULES, entry)) },
};

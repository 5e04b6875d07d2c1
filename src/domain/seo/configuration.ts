/**
 * The first-time configuration (First_Time_Configuration_Action): site representation, the
 * organisation's social profiles, tracking, and the finished steps. Each answers Yoast's small
 * result object `{success, status, error?, failures?, data?}`; the REST face sends `status` as the
 * HTTP status. Two departures, both about values the client sent: Yoast saves what it could and
 * answers 500 when an option would be stored differently from what was sent; here nothing is saved
 * and the answer is 400 (a client's value is not a server fault, and a failed write changes nothing).
 */
import type { DomainContext } from '../context';
import { saveOptions } from '../settings/options';
import { sanitizeTextField } from '../text';
import { canEditUserRecord } from '../users/users';
import { mergeSeoOption, readSeoOption, seoOptionValue, writeSeoOption } from './options';
import { requireSeo } from './permissions';
import { checkSocialProfiles } from './social-profiles';

export interface SeoResult {
  success: boolean;
  status: number;
  error?: string;
  failures?: string[];
  data?: unknown;
}

const OK: SeoResult = { success: true, status: 200 };

/** The fields of the site representation step, in Yoast's order. */
const SITE_REPRESENTATION_FIELDS = ['company_or_person', 'company_name', 'website_name', 'company_logo', 'company_logo_id', 'person_logo', 'person_logo_id', 'company_or_person_user_id', 'description'] as const;

type Cleaner = (value: unknown) => unknown;

const text: Cleaner = (value) => (typeof value === 'string' ? sanitizeTextField(value) : undefined);
const id: Cleaner = (value) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);
/** WPSEO_Option::validate_url: an absolute http(s) address, or '' to clear it. */
const url: Cleaner = (value) => {
  if (value === '') return '';
  if (typeof value !== 'string' || /[\s<>"]/.test(value)) return undefined;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
};

const CLEANERS: Record<(typeof SITE_REPRESENTATION_FIELDS)[number], Cleaner> = {
  company_or_person: (value) => (value === 'company' || value === 'person' ? value : undefined),
  company_name: text,
  website_name: text,
  company_logo: url,
  company_logo_id: id,
  person_logo: url,
  person_logo_id: id,
  company_or_person_user_id: id,
  description: text,
};

/** POST configuration/site_representation: the wpseo_titles keys and the site's tagline (`description`, blogdescription). */
export async function setSiteRepresentation(ctx: DomainContext, params: Readonly<Record<string, unknown>>): Promise<SeoResult> {
  requireSeo(ctx.viewer, 'wpseo_manage_options');
  const titles: Record<string, unknown> = {};
  let tagline: string | undefined;
  const failures: string[] = [];
  for (const field of SITE_REPRESENTATION_FIELDS) {
    if (!Object.prototype.hasOwnProperty.call(params, field) || params[field] === null || params[field] === undefined) continue;
    const given = params[field];
    const clean = CLEANERS[field](given);
    // Yoast's save_option() check: the option must hold exactly what was sent.
    if (clean === undefined || clean !== given) {
      failures.push(field);
      continue;
    }
    // Yoast writes the tagline only for those who may manage the site's options (the same people here).
    if (field === 'description') {
      if (ctx.viewer.can('manage_options')) tagline = clean as string;
    } else titles[field] = clean;
  }
  if (failures.length) return { success: false, status: 400, error: 'Could not save some options in the database', failures };
  // Cached logo facts go with any change (Yoast clears them on every save).
  titles.company_logo_meta = false;
  titles.person_logo_meta = false;
  await ctx.db.prisma.$transaction(async (tx) => {
    await writeSeoOption(tx, 'wpseo_titles', titles);
    if (tagline !== undefined) await saveOptions(tx, { description: tagline });
  });
  return { ...OK };
}

/** POST configuration/social_profiles: checked all together; on a failure nothing is saved (answered with status 200, as Yoast does). */
export async function setSocialProfiles(ctx: DomainContext, params: Readonly<Record<string, unknown>>): Promise<SeoResult> {
  requireSeo(ctx.viewer, 'wpseo_manage_options');
  const { changes, failures } = checkSocialProfiles(params);
  if (failures.length) return { success: false, status: 200, error: 'Could not save some options in the database', failures };
  await ctx.db.prisma.$transaction(async (tx) => {
    await writeSeoOption(tx, 'wpseo_social', { ...changes });
  });
  return { ...OK };
}

/** GET configuration/check_capability: whether the viewer may edit that user's profile (current_user_can('edit_user', id)). */
export function checkCapability(ctx: DomainContext, userId: unknown): SeoResult {
  requireSeo(ctx.viewer, 'wpseo_manage_options');
  const idNumber = typeof userId === 'number' ? userId : typeof userId === 'string' && /^\d+$/.test(userId.trim()) ? Number(userId.trim()) : 0;
  return canEditUserRecord(ctx.viewer, idNumber) ? { ...OK } : { success: false, status: 403 };
}

/** POST configuration/enable_tracking: `tracking` stored, and `toggled_tracking` set when it changes. */
export async function setEnableTracking(ctx: DomainContext, tracking: boolean): Promise<SeoResult> {
  requireSeo(ctx.viewer, 'wpseo_manage_options');
  await ctx.db.prisma.$transaction(async (tx) => {
    const row = await tx.option.findUnique({ where: { name: 'wpseo' } });
    if (mergeSeoOption('wpseo', row?.value).tracking !== tracking) await writeSeoOption(tx, 'wpseo', { tracking, toggled_tracking: true });
  });
  return { ...OK };
}

/** The configuration's steps; finishing all three ends the first-time install. */
const CONFIGURATION_STEPS = 3;

/** POST configuration/save_configuration_state: the finished steps, each sanitised as text. */
export async function saveConfigurationState(ctx: DomainContext, finishedSteps: readonly unknown[]): Promise<SeoResult> {
  requireSeo(ctx.viewer, 'wpseo_manage_options');
  const steps = finishedSteps.map((step) => sanitizeTextField(step));
  const changes: Record<string, unknown> = { configuration_finished_steps: steps };
  if (finishedSteps.length === CONFIGURATION_STEPS) changes.first_time_install = false;
  await ctx.db.prisma.$transaction(async (tx) => {
    await writeSeoOption(tx, 'wpseo', changes);
  });
  return { ...OK };
}

/** GET configuration/get_configuration_state. */
export async function getConfigurationState(ctx: DomainContext): Promise<SeoResult> {
  requireSeo(ctx.viewer, 'wpseo_manage_options');
  const wpseo = await readSeoOption(ctx.db, 'wpseo');
  return { ...OK, data: seoOptionValue(wpseo, 'wpseo', 'configuration_finished_steps') };
}

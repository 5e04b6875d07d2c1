/**
 * The SEO workouts' progress (`workouts_data` of the wpseo option): GET answers it as `{json}`;
 * POST stores the workouts the body sends, each an object whose `finishedSteps` is a list of step
 * names (what Yoast's workouts add-on saves through its `workouts_route_save` filter; the free
 * plugin alone saves nothing).
 */
import { DomainError } from '../errors';
import type { DomainContext } from '../context';
import { sanitizeTextField } from '../text';
import { mergeSeoOption, readSeoOption, seoOptionValue, writeSeoOption } from './options';
import { requireSeo } from './permissions';

const WORKOUT_NAME = /^[\w-]{1,64}$/;
/** Names that would reach an object's prototype. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_WORKOUTS = 20;
const MAX_STEPS = 50;

export async function getWorkouts(ctx: DomainContext): Promise<unknown> {
  requireSeo(ctx.viewer, 'edit_others_posts');
  return seoOptionValue(await readSeoOption(ctx.db, 'wpseo'), 'wpseo', 'workouts_data');
}

function invalid(message: string): DomainError {
  return new DomainError('rest_invalid_param', 'Invalid parameter(s): workouts', 400, { params: { workouts: message } });
}

/** The workouts of a body: `{<workout>: {finishedSteps: [...], ...}}`, other keys of a workout kept only when they are text or lists of text. */
function workoutsOf(body: Readonly<Record<string, unknown>>): Record<string, Record<string, unknown>> {
  const entries = Object.entries(body);
  if (entries.length === 0 || entries.length > MAX_WORKOUTS) throw invalid('Send the workouts as an object of workout objects.');
  const out: Record<string, Record<string, unknown>> = Object.create(null) as Record<string, Record<string, unknown>>;
  for (const [name, workout] of entries) {
    if (!WORKOUT_NAME.test(name) || RESERVED.has(name) || workout === null || typeof workout !== 'object' || Array.isArray(workout)) throw invalid(`${name} is not a workout.`);
    const steps = (workout as Record<string, unknown>).finishedSteps;
    if (!Array.isArray(steps) || steps.length > MAX_STEPS || !steps.every((step) => typeof step === 'string')) throw invalid(`${name}.finishedSteps must be a list of step names.`);
    out[name] = { finishedSteps: steps.map((step) => sanitizeTextField(step)) };
  }
  return out;
}

/** POST workouts: the stored workouts data. */
export async function setWorkouts(ctx: DomainContext, body: Readonly<Record<string, unknown>>): Promise<unknown> {
  requireSeo(ctx.viewer, 'edit_others_posts');
  const workouts = workoutsOf(body);
  return ctx.db.prisma.$transaction(async (tx) => {
    const row = await tx.option.findUnique({ where: { name: 'wpseo' } });
    const current = mergeSeoOption('wpseo', row?.value).workouts_data;
    const next = { ...(current && typeof current === 'object' && !Array.isArray(current) ? (current as Record<string, unknown>) : {}), ...workouts };
    const saved = await writeSeoOption(tx, 'wpseo', { workouts_data: next });
    return saved.workouts_data;
  });
}

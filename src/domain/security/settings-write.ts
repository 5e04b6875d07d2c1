/**
 * Reading and changing the security settings, for both faces: the central dashboard's
 * `security/v1/config` (wfRESTConfigController getConfig/setConfig: its token is checked by the
 * route) and GraphQL's `securitySettings` / `updateSecuritySettings` (administrators). A change is
 * validated whole first (422 `rest_set_config_error` naming every failing field; nothing is
 * written), then written in one statement; the options write publishes `settings` on the
 * invalidation bus, so every instance applies it before its next request (live-settings.ts).
 */
import type { Database } from '../../db/client';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import type { Viewer } from '../viewer';
import { recordSecurityEvent, type SecurityLogger } from './log';
import { mergeSecuritySettings, readSecuritySettings, SECURITY_SETTING_NAMES, SECURITY_SETTINGS_OPTION, type SecuritySettings } from './settings';
import { checkSecuritySettings } from './settings-validate';

/** What GET /config answers (`{config, info}`, as the plugin). */
export interface SecurityConfigView {
  config: Partial<SecuritySettings>;
  info: SecuritySystemInfo;
}

/** The plugin's `info`: the caller's address as the site sees it, every address the request carries, the admin address. */
export interface SecuritySystemInfo {
  ip: string;
  detected_ips: string[];
  admin_url: string;
}

export interface ChangeOptions {
  /** Who changed it, for the security log (`central` or a user login). */
  actor: string;
  ip?: string | null;
  log?: SecurityLogger;
}

/** Administrators manage the security settings (the plugin's `manage_options` screens). */
export function assertCanManageSecurity(viewer: Viewer): void {
  if (!viewer.can('manage_options')) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', viewer);
}

/** The settings named by `fields` (all when empty); names this site does not know are left out, as the plugin does. */
export function selectSettings(settings: SecuritySettings, fields: readonly string[] = []): Partial<SecuritySettings> {
  const names = fields.length === 0 ? SECURITY_SETTING_NAMES : SECURITY_SETTING_NAMES.filter((name) => fields.includes(name));
  const out: Record<string, unknown> = {};
  for (const name of names) out[name] = settings[name];
  return out as Partial<SecuritySettings>;
}

export async function securityConfigView(db: Database, fields: readonly string[], info: SecuritySystemInfo): Promise<SecurityConfigView> {
  return { config: selectSettings(await readSecuritySettings(db), fields), info };
}

function refusal(errors: ReadonlyArray<{ option: string; error: string }>): DomainError {
  const fields: Record<string, string> = {};
  for (const { option, error } of errors) fields[option] = error;
  const message =
    errors.length === 1
      ? `An error occurred while saving the configuration: ${errors[0].error}`
      : `Errors occurred while saving the configuration: ${errors.map((e) => e.error).join(', ')}`;
  return new DomainError('rest_set_config_error', message, 422, { fields });
}

/** A non-empty object of field values, or the plugin's 422. */
function fieldsObject(fields: unknown): Record<string, unknown> {
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields) || Object.keys(fields).length === 0) {
    throw new DomainError('rest_save_config_error', "Validation error: 'fields' parameter is empty or not an array.", 422);
  }
  return fields as Record<string, unknown>;
}

/** Validates and saves a change; answers the settings now in force. A refused change writes nothing. */
export async function updateSecuritySettings(db: Database, fields: unknown, options: ChangeOptions): Promise<SecuritySettings> {
  const { values, errors } = checkSecuritySettings(fieldsObject(fields));
  if (errors.length > 0) throw refusal(errors);
  const changed = Object.keys(values);
  if (changed.length === 0) return readSecuritySettings(db);
  const saved = await db.prisma.$transaction(async (tx) => {
    const row = await tx.option.findUnique({ where: { name: SECURITY_SETTINGS_OPTION } });
    const settings = { ...mergeSecuritySettings(row?.value), ...values };
    const value = JSON.stringify(settings);
    await tx.option.upsert({ where: { name: SECURITY_SETTINGS_OPTION }, create: { name: SECURITY_SETTINGS_OPTION, value }, update: { value } });
    return settings;
  });
  await recordSecurityEvent(
    db,
    { type: 'config-changed', message: `Security settings changed: ${changed.join(', ')}.`, ip: options.ip ?? null, user: options.actor, details: { changed: Object.fromEntries(changed.map((name) => [name, saved[name as keyof SecuritySettings]])) } },
    options.log,
  );
  return saved;
}

/** GraphQL's read: administrators only. */
export async function securitySettingsForViewer(ctx: DomainContext): Promise<SecuritySettings> {
  assertCanManageSecurity(ctx.viewer);
  return readSecuritySettings(ctx.db);
}

/** GraphQL's write: administrators only. */
export async function updateSecuritySettingsAsViewer(ctx: DomainContext, fields: Record<string, unknown>, log?: SecurityLogger): Promise<SecuritySettings> {
  assertCanManageSecurity(ctx.viewer);
  return updateSecuritySettings(ctx.db, fields, { actor: ctx.viewer.user?.login ?? String(ctx.viewer.id), log });
}

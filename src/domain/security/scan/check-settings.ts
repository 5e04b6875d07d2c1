/**
 * Settings that weaken the site: open registration handing out a role above subscriber (an
 * editor or administrator can publish unfiltered HTML; any role above subscriber can write).
 * (The role model is WordPress's fixed one: editors hold unfiltered_html by design, as in
 * WordPress, so that alone is not reported.)
 */
import { readOptionsFrom } from '../../settings/options';
import { ROLE_CAPABILITIES, isRoleName } from '../../users/roles';
import type { ScanStep } from './step';
import { SEVERITY, type FindingDraft } from './types';

export const settingsCheck: ScanStep = {
  name: 'settings',
  async run({ prisma }) {
    const out: FindingDraft[] = [];
    const options = await readOptionsFrom(prisma);
    const role = options.default_role;
    if (options.users_can_register && role !== 'subscriber') {
      const caps = isRoleName(role) ? ROLE_CAPABILITIES[role] : new Set<string>();
      const severity = caps.has('manage_options') ? SEVERITY.critical : caps.has('unfiltered_html') ? SEVERITY.high : SEVERITY.medium;
      out.push({
        type: 'weakSetting',
        severity,
        shortMsg: `Anybody can register and becomes ${role === 'administrator' || role === 'author' || role === 'editor' ? 'an' : 'a'} ${role}`,
        longMsg: `Registration is open (users_can_register) and new accounts get the role "${role}"${caps.has('unfiltered_html') ? ', which may publish unfiltered HTML and scripts' : ', which may write content'}. Set the default role to subscriber, or close registration.`,
        record: { kind: 'option', id: 'default_role' },
        key: 'open-registration-role',
        value: role,
        data: { option: 'default_role', users_can_register: true, default_role: role },
      });
    }
    return out;
  },
};

/**
 * Accounts: administrators without a sign-in or an application-password use for a long time
 * (passwords are hashed, so their strength is out of reach; dormant administrator accounts are
 * what gets taken over), and application passwords never used since they were issued long ago.
 * A sign-in is known from its session (the sign-in pages) and API use from the application
 * password's last use; both are recorded by src/domain/users.
 */
import type { ScanStep } from './step';
import { SEVERITY, type FindingDraft } from './types';

const DAY_MS = 86_400_000;

export const accountCheck: ScanStep = {
  name: 'accounts',
  async run({ prisma, options, now }) {
    const out: FindingDraft[] = [];
    const inactiveBefore = new Date(now.getTime() - options.inactiveAdminDays * DAY_MS);
    const admins = await prisma.user.findMany({ where: { role: 'administrator' }, orderBy: { id: 'asc' }, select: { id: true, login: true, registeredAt: true } });
    for (const admin of admins) {
      if (admin.registeredAt > inactiveBefore) continue;
      const [session, used] = await Promise.all([
        prisma.loginSession.findFirst({ where: { userId: admin.id }, orderBy: { createdAt: 'desc' }, select: { createdAt: true } }),
        prisma.applicationPassword.findFirst({ where: { userId: admin.id, lastUsedAt: { not: null } }, orderBy: { lastUsedAt: 'desc' }, select: { lastUsedAt: true } }),
      ]);
      const last = [session?.createdAt, used?.lastUsedAt].filter((date): date is Date => date instanceof Date).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
      if (last && last > inactiveBefore) continue;
      const since = last ? `since ${last.toISOString().slice(0, 10)}` : 'ever';
      out.push({
        type: 'inactiveAdmin',
        severity: SEVERITY.medium,
        shortMsg: `Administrator "${admin.login}" has not signed in ${last ? `for more than ${options.inactiveAdminDays} days` : 'since the account was created'}`,
        longMsg: `The administrator account "${admin.login}" (#${admin.id}) shows no sign-in and no application-password use ${since}. Unused administrator accounts are a favourite target: remove the account or lower its role if nobody needs it.`,
        record: { kind: 'user', id: String(admin.id) },
        key: 'inactive',
        value: last ? last.toISOString() : 'never',
        data: { login: admin.login, lastActivity: last ? last.toISOString() : null },
      });
    }
    const issuedBefore = new Date(now.getTime() - options.unusedApplicationPasswordDays * DAY_MS);
    const unused = await prisma.applicationPassword.findMany({
      where: { lastUsedAt: null, createdAt: { lt: issuedBefore } },
      orderBy: { createdAt: 'asc' },
      select: { uuid: true, name: true, createdAt: true, user: { select: { id: true, login: true, role: true } } },
    });
    for (const item of unused) {
      out.push({
        type: 'unusedApplicationPassword',
        severity: item.user.role === 'administrator' ? SEVERITY.medium : SEVERITY.low,
        shortMsg: `Application password "${item.name}" of "${item.user.login}" has never been used`,
        longMsg: `The application password "${item.name}" of the ${item.user.role} "${item.user.login}" (#${item.user.id}) was issued on ${item.createdAt.toISOString().slice(0, 10)} and has never been used. A credential nobody uses only waits to leak: revoke it.`,
        record: { kind: 'application_password', id: item.uuid },
        key: 'unused',
        value: item.createdAt.toISOString(),
        data: { userId: item.user.id, login: item.user.login, name: item.name },
      });
    }
    return out;
  },
};

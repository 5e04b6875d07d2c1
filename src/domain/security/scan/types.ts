/**
 * The scanner's vocabulary: Wordfence's severity scale (wfIssues::SEVERITY_*), the finding types
 * this scanner reports, and the draft a check hands to the findings store.
 */

/** wfIssues' scale, as the REST answers carry it. */
export const SEVERITY = { low: 25, medium: 50, high: 75, critical: 100 } as const;
export type SeverityName = keyof typeof SEVERITY;

export function severityName(value: number): SeverityName {
  if (value >= SEVERITY.critical) return 'critical';
  if (value >= SEVERITY.high) return 'high';
  if (value >= SEVERITY.medium) return 'medium';
  return 'low';
}

export const FINDING_TYPES = [
  /** Script, iframe, event handler, javascript: URL or obfuscated JavaScript in stored text. */
  'injection',
  /** A link or redirect to a host on the block list. */
  'blockedHost',
  /** An uploaded file whose bytes are not what its name and declared type say. */
  'uploadTypeMismatch',
  /** An uploaded file that carries PHP or HTML/script code. */
  'uploadExecutableCode',
  /** An administrator without a sign-in or API use for a long time. */
  'inactiveAdmin',
  /** An application password never used since it was issued long ago. */
  'unusedApplicationPassword',
  /** A site setting that weakens the site. */
  'weakSetting',
] as const;
export type FindingType = (typeof FINDING_TYPES)[number];

/** Statuses as stored (Wordfence's, plus `fixed`): ignoreP ignores for good, ignoreC until the value changes. */
export const FINDING_STATUSES = ['new', 'ignoreP', 'ignoreC', 'fixed'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

export type RecordKind = 'post' | 'attachment' | 'menu_item' | 'term' | 'option' | 'redirect' | 'user' | 'application_password';

export interface RecordRef {
  kind: RecordKind;
  /** A database id, or an option's name. */
  id: string;
}

/** What a check found, before the store decides whether it is new, known or ignored. */
export interface FindingDraft {
  type: FindingType;
  severity: number;
  shortMsg: string;
  longMsg: string;
  record: RecordRef;
  /** What, within the record, the problem is (a field and a kind): with type and record, its identity. */
  key: string;
  /** The offending value (or a digest of it): "ignore until changed" lapses when it changes. */
  value: string;
  /** Details for the client (JSON-serialisable). */
  data?: Record<string, unknown>;
}

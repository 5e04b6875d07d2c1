/** The scanner's enums as GraphQL names them, and back. */
import type { SecurityFindingSeverityEnum, SecurityFindingStatusEnum, SecurityFindingTypeEnum } from '../../../generated/graphql';
import { SEVERITY, severityName, type FindingStatus, type FindingType } from '../../../domain/security/scan/types';

export const STATUS_ENUM: Record<FindingStatus, SecurityFindingStatusEnum> = { new: 'NEW', ignoreP: 'IGNORED', ignoreC: 'IGNORED_UNTIL_CHANGED', fixed: 'FIXED' };
export const TYPE_ENUM: Record<FindingType, SecurityFindingTypeEnum> = {
  injection: 'INJECTION',
  blockedHost: 'BLOCKED_HOST',
  uploadTypeMismatch: 'UPLOAD_TYPE_MISMATCH',
  uploadExecutableCode: 'UPLOAD_EXECUTABLE_CODE',
  inactiveAdmin: 'INACTIVE_ADMIN',
  unusedApplicationPassword: 'UNUSED_APPLICATION_PASSWORD',
  weakSetting: 'WEAK_SETTING',
};

const reverse = <K extends string, V extends string>(map: Record<K, V>) => new Map(Object.entries(map).map(([key, value]) => [value as V, key as K]));
export const STATUS_OF = reverse(STATUS_ENUM);
export const TYPE_OF = reverse(TYPE_ENUM);

export const severityEnum = (score: number): SecurityFindingSeverityEnum => severityName(score).toUpperCase() as SecurityFindingSeverityEnum;
export const severityOf = (name: SecurityFindingSeverityEnum): number => SEVERITY[name.toLowerCase() as keyof typeof SEVERITY];

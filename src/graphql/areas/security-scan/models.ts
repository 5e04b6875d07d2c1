/** The scanner's object types over the domain's records; dates are ISO 8601 in UTC. */
import type { FindingRecord } from '../../../domain/security/scan/findings';
import type { ScanOptions } from '../../../domain/security/scan/options';
import type { ScanStatus } from '../../../domain/security/scan/scans';
import type { FindingType } from '../../../domain/security/scan/types';
import { toGlobalId } from '../../global-id';
import { Model } from '../../model';
import { severityEnum, STATUS_ENUM, TYPE_ENUM } from './enums';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export class SecurityFindingRecordModel extends Model {
  constructor(
    private readonly recordKind: string,
    private readonly recordId: string,
  ) {
    super();
  }
  get __typename(): string {
    return 'SecurityFindingRecord';
  }
  get kind(): string {
    return this.recordKind;
  }
  get id(): string {
    return this.recordId;
  }
}

export class SecurityFindingModel extends Model {
  constructor(readonly finding: FindingRecord) {
    super();
  }
  get __typename(): string {
    return 'SecurityFinding';
  }
  get id(): string {
    return toGlobalId('security_finding', this.finding.id);
  }
  get databaseId(): number {
    return this.finding.id;
  }
  get type(): string | null {
    return TYPE_ENUM[this.finding.type as FindingType] ?? null;
  }
  get severity(): string {
    return severityEnum(this.finding.severity);
  }
  get severityScore(): number {
    return this.finding.severity;
  }
  get status(): string {
    return STATUS_ENUM[this.finding.status];
  }
  get shortDescription(): string {
    return this.finding.shortMsg;
  }
  get longDescription(): string {
    return this.finding.longMsg;
  }
  get record(): SecurityFindingRecordModel {
    return new SecurityFindingRecordModel(this.finding.recordKind, this.finding.recordId);
  }
  get data(): string {
    return JSON.stringify(this.finding.data);
  }
  get firstFound(): string | null {
    return iso(this.finding.time);
  }
  get lastUpdated(): string | null {
    return iso(this.finding.lastUpdated);
  }
}

export class SecurityScanOptionsModel extends Model {
  constructor(readonly options: ScanOptions) {
    super();
  }
  get __typename(): string {
    return 'SecurityScanOptions';
  }
  get blockedHosts(): string[] {
    return this.options.blockedHosts;
  }
  get inactiveAdminDays(): number {
    return this.options.inactiveAdminDays;
  }
  get unusedApplicationPasswordDays(): number {
    return this.options.unusedApplicationPasswordDays;
  }
}

export class SecurityScanStatusModel extends Model {
  constructor(readonly status: ScanStatus) {
    super();
  }
  get __typename(): string {
    return 'SecurityScanStatus';
  }
  get running(): boolean {
    return this.status.running;
  }
  get stopRequested(): boolean {
    return this.status.stopRequested;
  }
  get scanId(): number {
    return this.status.scanId;
  }
  get step(): number {
    return this.status.step;
  }
  get steps(): number {
    return this.status.steps;
  }
  get progress(): number {
    return this.status.progress;
  }
  get currentStep(): string | null {
    return this.status.currentStep;
  }
  get startedAt(): string | null {
    return iso(this.status.startedAt);
  }
  get finishedAt(): string | null {
    return iso(this.status.finishedAt);
  }
  get lastScanTime(): string | null {
    return iso(this.status.lastScanTime);
  }
  get lastResult(): string | null {
    return this.status.lastResult;
  }
  get lastError(): string | null {
    return this.status.lastError;
  }
  get options(): SecurityScanOptionsModel {
    return new SecurityScanOptionsModel(this.status.options);
  }
  get effectiveBlockedHosts(): string[] {
    return this.status.blockedHosts;
  }
}

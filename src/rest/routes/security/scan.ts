/**
 * security/v1 scan routes (Wordfence's wfRESTScanController) onto src/domain/security/scan: the
 * paired dashboard starts and stops scans, lists findings and marks one. Every handler first
 * checks the dashboard's token. The routes declare no arguments (as the plugin registers them);
 * `group`, `offset`, `limit` and `issue` are read as PHP reads them (absint, truthy id).
 */
import { verifyCentralToken } from '../../../domain/security/central-auth';
import { centralIssues, findingStatusOf, invalidStatus, markFinding, startScan, stopScan } from '../../../domain/security/scan/scans';
import type { FindingRecord } from '../../../domain/security/scan/findings';
import { phpIntval } from '../../../domain/redirects/php-values';
import { EDITABLE, respond, type HandlerRequest, type RouteDef } from '../../server/types';

const NS = 'security/v1';
const MAX_INT = 2_147_483_647;

/** PHP's absint(): the absolute value of intval(), within a database id's range. */
const absint = (value: unknown): number => Math.min(Math.abs(phpIntval(value)), MAX_INT);

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** A wfIssues row as getIssues() lists it. */
function issueJson(record: FindingRecord, index?: number): Record<string, unknown> {
  return {
    id: record.id,
    time: unix(record.time),
    lastUpdated: unix(record.lastUpdated),
    status: record.status,
    type: record.type,
    severity: record.severity,
    ignoreP: record.ignoreP,
    ignoreC: record.ignoreC,
    shortMsg: record.shortMsg,
    longMsg: record.longMsg,
    data: record.data,
    ...(index === undefined ? {} : { issueIDX: index }),
  };
}

async function issuesList(request: HandlerRequest) {
  const caller = await verifyCentralToken(request.domain, request.headers);
  const group = typeof request.get('group') === 'string' && request.get('group') ? (request.get('group') as string) : 'all';
  const offset = absint(request.get('offset'));
  const limit = absint(request.get('limit')) || 100;
  const list = await centralIssues(request.domain, group, offset, limit, caller);
  // For the token's holder only: never kept by a shared cache.
  return respond({
    count: list.count,
    'last-scan-time': list.lastScanTime ? unix(list.lastScanTime) : false,
    issues: list.pending
      ? list.newItems.map((item) => issueJson(item))
      : { new: list.newItems.map((item, i) => issueJson(item, i)), ignored: list.ignoredItems.map((item, i) => issueJson(item, i)) },
  }, 200, { 'Cache-Control': 'no-store' });
}

async function start(request: HandlerRequest) {
  const caller = await verifyCentralToken(request.domain, request.headers);
  if (await startScan(request.domain, caller)) return { success: true };
  return { success: false, 'error-code': 'scan_running', error: 'A scan is already running.' };
}

async function stop(request: HandlerRequest) {
  const caller = await verifyCentralToken(request.domain, request.headers);
  await stopScan(request.domain, caller);
  return { success: true };
}

async function updateIssue(request: HandlerRequest) {
  const caller = await verifyCentralToken(request.domain, request.headers);
  const issue = request.get('issue');
  const fields = issue !== null && typeof issue === 'object' ? (issue as Record<string, unknown>) : null;
  const own = (key: string) => (fields && Object.prototype.hasOwnProperty.call(fields, key) ? fields[key] : undefined);
  const id = absint(own('id'));
  if (!id) return { success: false, error: 'Issue not found.' };
  const status = findingStatusOf(own('status'));
  if (!status) throw invalidStatus();
  if (!(await markFinding(request.domain, id, status, caller))) return { success: false, error: 'Issue not found.' };
  return { success: true };
}

export function scanRoutes(): RouteDef[] {
  return [
    { namespace: NS, path: `/${NS}/scan/issues`, endpoints: [{ methods: ['GET'], handler: issuesList }] },
    { namespace: NS, path: `/${NS}/scan`, endpoints: [{ methods: ['POST'], handler: start }, { methods: ['DELETE'], handler: stop }] },
    { namespace: NS, path: `/${NS}/scan/issue`, endpoints: [{ methods: EDITABLE, handler: updateIssue }] },
  ];
}

/**
 * iCalendar imports started by a site owner — an uploaded document, a document in `ics`, an address
 * (fetched SSRF-safely) — and by the CLI (a real child process): they run through the import
 * records and batches, re-imports update instead of duplicating, and nothing is written when the
 * document cannot be read or fetched.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DomainContext } from '../../src/domain/context';
import { startImport } from '../../src/domain/events/imports';
import { LoaderCache } from '../../src/domain/loaders';
import { viewerFor } from '../../src/domain/viewer';
import { basicAuth, startTestApp, type TestApp } from '../support/app';

const NS = '/wp-json/events-import/v1';
const ROOT = path.join(__dirname, '..', '..');
const year = new Date().getUTCFullYear() + 1;

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Elsewhere//Calendar//EN',
  'X-WR-TIMEZONE:Europe/Paris',
  'BEGIN:VEVENT',
  'UID:talk-1@elsewhere.example',
  'DTSTAMP:20250101T000000Z',
  `DTSTART;TZID=Europe/Paris:${year}0310T183000`,
  `DTEND;TZID=Europe/Paris:${year}0310T203000`,
  'SUMMARY:Evening talk',
  'DESCRIPTION:Doors open at six.\\nBring a friend.',
  'URL:https://elsewhere.example/talk-1',
  'LOCATION:Salle Pleyel\\, 252 Rue du Faubourg Saint-Honoré\\, Paris',
  'ORGANIZER;CN=Talk Club:mailto:club@elsewhere.example',
  'CATEGORIES:Talks,Evening',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:fair-1@elsewhere.example',
  'DTSTAMP:20250101T000000Z',
  `DTSTART;VALUE=DATE:${year}0401`,
  `DTEND;VALUE=DATE:${year}0403`,
  'SUMMARY:Spring fair',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:weekly-1@elsewhere.example',
  'DTSTAMP:20250101T000000Z',
  `DTSTART;TZID=Europe/Paris:${year}0505T090000`,
  `DTEND;TZID=Europe/Paris:${year}0505T100000`,
  'RRULE:FREQ=WEEKLY;COUNT=3',
  'SUMMARY:Weekly run',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:cancelled-1@elsewhere.example',
  'DTSTAMP:20250101T000000Z',
  `DTSTART:${year}0606T100000Z`,
  'SUMMARY:Called off',
  'STATUS:CANCELLED',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** A calendar of `count` one-hour events a day apart. */
function bigCalendar(count: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Many//EN'];
  for (let i = 0; i < count; i++) {
    const d = new Date(Date.UTC(year, 6, 1 + i, 12));
    const stamp = d.toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
    lines.push('BEGIN:VEVENT', `UID:many-${i}@test`, 'DTSTAMP:20250101T000000Z', `DTSTART:${stamp}`, 'DURATION:PT1H', `SUMMARY:Many ${i}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

describe('iCalendar imports', () => {
  let t: TestApp;
  let contributor = '';
  const upload = (body: string, who = t.adminAuth) => t.request.post(`${NS}/imports`).set('Authorization', who).set('Content-Type', 'text/calendar').set('Content-Disposition', 'attachment; filename="elsewhere.ics"').send(body);
  const eventsTitled = (title: string) => t.db.prisma.content.findMany({ where: { type: 'tribe_events', title }, include: { event: true } });
  const counts = async () => ({ content: await t.db.prisma.content.count(), imports: await t.db.prisma.eventImport.count(), terms: await t.db.prisma.term.count() });

  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth).send({ username: 'contrib', email: 'contrib@example.com', password: 'secret-1', roles: ['contributor'] });
    const pw = await t.request.post(`/wp-json/core/v2/users/${res.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 't' });
    contributor = basicAuth('contrib', pw.body.password);
  });
  afterAll(() => t.close());

  it('imports an uploaded document: times in their zone, all-day days, occurrences, venue, organizer, categories', async () => {
    const res = await upload(ICS).expect(201);
    expect(res.headers.location).toBe(`http://example.test/wp-json/events-import/v1/imports/${res.body.id}`);
    expect(res.body).toMatchObject({ origin: 'ics-file', source: 'elsewhere.ics', status: 'success', percentage_complete: 100, total_events: 5, created: 5, updated: 0, failed: 0, next_batch_hash: null });

    const [talk] = await eventsTitled('Evening talk');
    const rest = (await t.request.get(`/wp-json/events/v1/events/${talk.id}`).expect(200)).body;
    expect(rest).toMatchObject({
      title: 'Evening talk', start_date: `${year}-03-10 18:30:00`, end_date: `${year}-03-10 20:30:00`, timezone: 'Europe/Paris', utc_start_date: `${year}-03-10 17:30:00`,
      website: 'https://elsewhere.example/talk-1', all_day: false, status: 'publish',
      venue: { venue: 'Salle Pleyel, 252 Rue du Faubourg Saint-Honoré, Paris' },
    });
    expect(rest.description).toContain('Doors open at six.');
    expect(rest.organizer).toEqual([expect.objectContaining({ organizer: 'Talk Club', email: 'club@elsewhere.example' })]);
    expect(rest.categories.map((c: { name: string }) => c.name).sort()).toEqual(['Evening', 'Talks']);

    const [fair] = await eventsTitled('Spring fair');
    expect(fair.event).toMatchObject({ allDay: true, startLocal: `${year}-04-01 00:00:00`, endLocal: `${year}-04-02 23:59:59`, timezone: 'Europe/Paris' });
    const runs = await eventsTitled('Weekly run');
    expect(runs.map((r) => r.event?.startLocal).sort()).toEqual([`${year}-05-05 09:00:00`, `${year}-05-12 09:00:00`, `${year}-05-19 09:00:00`]);
    expect(await eventsTitled('Called off')).toEqual([]);
  });

  it('updates the same events when the document is imported again', async () => {
    const before = await t.db.prisma.content.count();
    const changed = ICS.replace('SUMMARY:Evening talk', 'SUMMARY:Evening talk (new room)');
    const res = await upload(changed).expect(201);
    expect(res.body).toMatchObject({ status: 'success', created: 0, updated: 5 });
    expect(await t.db.prisma.content.count()).toBe(before);
    expect(await eventsTitled('Evening talk')).toEqual([]);
    expect(await eventsTitled('Evening talk (new room)')).toHaveLength(1);
  });

  it('takes the document in `ics` too, and follows the record by GET', async () => {
    const doc = ICS.replace(/elsewhere\.example/g, 'json.example');
    const res = await t.request.post(`${NS}/imports`).set('Authorization', t.adminAuth).send({ ics: doc, filename: 'json.ics' }).expect(201);
    expect(res.body).toMatchObject({ origin: 'ics-file', source: 'json.ics', created: 5 });
    const got = await t.request.get(`${NS}/imports/${res.body.id}`).set('Authorization', t.adminAuth).expect(200);
    expect(got.body).toEqual(res.body);
  });

  it('refuses what it cannot read or fetch, writing nothing', async () => {
    const before = await counts();
    const broken = await upload('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:no start\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n').expect(400);
    expect(broken.body.code).toBe('ical_parse_error');
    const local = await t.request.post(`${NS}/imports`).set('Authorization', t.adminAuth).send({ url: 'http://127.0.0.1:9/calendar.ics' }).expect(400);
    expect(local.body.code).toBe('ical_url_forbidden');
    const scheme = await t.request.post(`${NS}/imports`).set('Authorization', t.adminAuth).send({ url: 'ftp://example.org/a.ics' }).expect(400);
    expect(scheme.body.code).toBe('ical_url_invalid');
    const nothing = await t.request.post(`${NS}/imports`).set('Authorization', t.adminAuth).send({}).expect(400);
    expect(nothing.body.code).toBe('event-import-no-source');
    expect(await counts()).toEqual(before);
  });

  it('reports what it leaves out — a series without end past the horizon (horizon_days), a VTODO — in the record', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
    const doc = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', 'BEGIN:VTODO', 'UID:todo@test', 'SUMMARY:Taxes', 'END:VTODO',
      'BEGIN:VEVENT', 'UID:daily@horizon.example', 'DTSTAMP:20250101T000000Z', `DTSTART:${tomorrow}T100000Z`, 'DURATION:PT1H', 'RRULE:FREQ=DAILY', 'SUMMARY:Daily check', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
    const res = await upload(doc).query({ horizon_days: 10 }).expect(201);
    const [, count] = /repeats without end: (\d+) occurrence\(s\) imported, none after \d{4}-\d{2}-\d{2} \(the expansion horizon\)\./.exec(res.body.message) ?? [];
    expect(Number(count)).toBeGreaterThanOrEqual(9);
    expect(Number(count)).toBeLessThanOrEqual(10);
    expect(res.body).toMatchObject({ status: 'success', created: Number(count), message_slug: 'ical-not-imported' });
    expect(res.body.message).toBe(
      `Not imported from this calendar:\n- 1 VTODO component(s) (to-do) not imported: only events (VEVENT) are.\n- "Daily check" (daily@horizon.example) repeats without end: ${count} occurrence(s) imported, none after ${res.body.message.match(/\d{4}-\d{2}-\d{2}/)[0]} (the expansion horizon).`,
    );
    expect(await eventsTitled('Daily check')).toHaveLength(Number(count));
  });

  it('lets only users who may publish events import', async () => {
    const before = await counts();
    await upload(ICS, '').expect(401);
    expect((await upload(ICS, contributor).expect(403)).body.code).toBe('rest_forbidden');
    expect(await counts()).toEqual(before);
  });

  describe('from an address', () => {
    let server: Server;
    let port = 0;
    beforeAll(async () => {
      server = createServer((req, res) => {
        if (req.url === '/moved.ics') {
          res.writeHead(302, { Location: '/calendar.ics' }).end();
          return;
        }
        res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(ICS.replace(/elsewhere\.example/g, 'url.example'));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('fetches it (following a redirect) and imports it through the same records', async () => {
      const admin = await t.db.prisma.user.findUniqueOrThrow({ where: { login: 'admin' } });
      const ctx: DomainContext = { db: t.db, config: t.config, viewer: viewerFor(admin), loaders: new LoaderCache(t.db) };
      const url = `http://127.0.0.1:${port}/moved.ics`;
      const record = await startImport(ctx, { url }, { fetch: { allowAddresses: ['127.0.0.1'] } });
      expect(record).toMatchObject({ origin: 'ics-url', source: url, status: 'success', created: 5 });
      const rest = await t.request.get(`${NS}/imports/${record.id}`).set('Authorization', t.adminAuth).expect(200);
      expect(rest.body).toMatchObject({ origin: 'ics-url', created: 5 });
      // Without the test's allowance the same address is refused.
      await expect(startImport(ctx, { url })).rejects.toMatchObject({ code: 'ical_url_forbidden', status: 400 });
    });
  });

  describe('from the command line', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'ics-cli-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    const cli = (args: string[]) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: t.config.databaseUrl, SITE_URL: 'http://example.test', ADMIN_USER: 'admin', LOG_LEVEL: 'silent' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        // A command that does not end is a failure of its own, and must not outlive the test run.
        const stuck = setTimeout(() => child.kill('SIGKILL'), 45_000);
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('exit', (code) => {
          clearTimeout(stuck);
          resolve({ code, out });
        });
      });

    it('imports a file batch by batch, printing progress, and updates on a second run', async () => {
      const file = path.join(dir, 'many.ics');
      writeFileSync(file, bigCalendar(30));
      const first = await cli(['events:import', file]);
      expect(first.out).toContain('importing');
      expect(first.out).toMatch(/batch 1:\s+83%\s+created 25, updated 0, skipped 0, failed 0/);
      expect(first.out).toMatch(/batch 2:\s+100%\s+created 30, updated 0, skipped 0, failed 0/);
      expect(first.out).toMatch(/import \w+: success — 30 event\(s\)/);
      expect(first.code).toBe(0);
      expect(await t.db.prisma.content.count({ where: { type: 'tribe_events', title: { startsWith: 'Many ' } } })).toBe(30);
      const list = await t.request.get(`${NS}/imports?status=success`).set('Authorization', t.adminAuth).expect(200);
      expect(list.body.some((r: { source: string; created: number }) => r.source === 'many.ics' && r.created === 30)).toBe(true);

      const second = await cli(['events:import', file]);
      expect(second.code).toBe(0);
      expect(second.out).toMatch(/created 0, updated 30/);
      expect(await t.db.prisma.content.count({ where: { type: 'tribe_events', title: { startsWith: 'Many ' } } })).toBe(30);
    }, 60_000);

    it('prints what the calendar holds that was not imported, and takes --horizon-days', async () => {
      const file = path.join(dir, 'endless.ics');
      writeFileSync(file, ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', 'BEGIN:VJOURNAL', 'UID:j@test', 'END:VJOURNAL', 'BEGIN:VEVENT', 'UID:weekly@cli.example', 'DTSTAMP:20250101T000000Z',
        `DTSTART:${year}0105T100000Z`, 'RRULE:FREQ=WEEKLY', 'SUMMARY:Weekly forever', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n'));
      const run = await cli(['events:import', file, '--horizon-days', '400']);
      expect(run.code).toBe(0);
      expect(run.out).toContain('Not imported from this calendar:');
      expect(run.out).toContain('- 1 VJOURNAL component(s) (journal entry) not imported: only events (VEVENT) are.');
      expect(run.out).toMatch(/- "Weekly forever" \(weekly@cli\.example\) repeats without end: \d+ occurrence\(s\) imported, none after \d{4}-\d{2}-\d{2} \(the expansion horizon\)\./);
      const bad = await cli(['events:import', file, '--horizon-days', 'soon']);
      expect(bad.code).toBe(2);
      expect(bad.out).toContain('usage: events:import');
    }, 60_000);

    it('explains what it cannot do', async () => {
      const missing = await cli(['events:import', path.join(dir, 'nope.ics')]);
      expect(missing.code).toBe(2);
      expect(missing.out).toContain('cannot read');
      const user = await cli(['events:import', path.join(dir, 'nope.ics'), '--as', 'nobody']);
      expect(user.code).toBe(2);
      expect(user.out).toContain('no user nobody');
      const local = await cli(['events:import', 'http://127.0.0.1:9/x.ics']);
      expect(local.code).toBe(1);
      expect(local.out).toContain('ical_url_forbidden');
    }, 60_000);
  });
});

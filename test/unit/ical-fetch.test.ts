import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DomainError } from '../../src/domain/errors';
import { fetchIcs, parseIcalEvents } from '../../src/domain/events/ical';
import { isPublicAddress } from '../../src/domain/oembed/address-guard';
import type { FetchIcsOptions } from '../../src/domain/events/ical';

// The iCalendar fetch uses the shared guard; these are the addresses it must refuse and allow.
describe('the address guard behind fetchIcs', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '0.1.2.3',
    '100.64.0.1',
    '100.127.255.255',
    '224.0.0.251',
    '239.255.255.250',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'febf:ffff::1',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '[::ffff:192.168.0.1]',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '2002:c0a8:0101::1',
    '2001:db8::1',
    'localhost',
    '64:ff9b::8.8.8.8', // NAT64 can hide any IPv4: refused whatever it carries
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.215.14', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '169.253.1.1', '192.169.0.1', '223.255.255.255', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '2600::1'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('fetchIcs', () => {
  const calendarText = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\nBEGIN:VEVENT\r\nUID:a@b\r\nDTSTART:20260101T100000Z\r\nSUMMARY:Fetched ✓\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
  let server: http.Server;
  let base: string;
  const allow: FetchIcsOptions = { allowAddresses: ['127.0.0.1'] };

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const url = request.url ?? '/';
      const redirect = /^\/redirect\/(\d+)$/.exec(url);
      if (url === '/ok') {
        response.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' });
        response.end(`\uFEFF${calendarText}`);
      } else if (url === '/big') {
        response.writeHead(200, { 'Content-Length': '2000' });
        response.end('x'.repeat(2000));
      } else if (url === '/stream-big') {
        response.writeHead(200); // chunked: no Content-Length to check up front
        for (let i = 0; i < 10; i++) response.write('y'.repeat(500));
        response.end();
      } else if (redirect) {
        const left = Number(redirect[1]);
        response.writeHead(302, { Location: left === 0 ? '/ok' : `/redirect/${left - 1}` });
        response.end();
      } else if (url === '/to-private') {
        response.writeHead(301, { Location: 'http://10.0.0.1/calendar.ics' });
        response.end();
      } else if (url === '/to-file') {
        response.writeHead(302, { Location: 'file:///etc/passwd' });
        response.end();
      } else if (url === '/slow') {
        response.writeHead(200);
        response.write('BEGIN:VCALENDAR\r\n'); // and never finish
      } else {
        response.writeHead(404);
        response.end('not here');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  async function failure(url: string, options: FetchIcsOptions = {}): Promise<DomainError> {
    try {
      await fetchIcs(url, options);
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).status).toBe(400);
      return error as DomainError;
    }
    throw new Error(`expected fetching ${url} to fail`);
  }

  it('fetches a calendar from an allowed address and decodes UTF-8 without the BOM', async () => {
    const fetched = await fetchIcs(`${base}/ok`, allow);
    expect(fetched).toMatchObject({ url: `${base}/ok`, contentType: 'text/calendar; charset=utf-8', body: calendarText });
    expect(parseIcalEvents(fetched.body)[0].title).toBe('Fetched ✓');
  });

  it('connects by host name through the vetted addresses', async () => {
    const url = `http://localhost:${new URL(base).port}/ok`;
    expect((await fetchIcs(url, { allowHosts: [`localhost:${new URL(base).port}`] })).body).toBe(calendarText);
  });

  it('refuses loopback and private addresses by default', async () => {
    expect((await failure(`${base}/ok`)).code).toBe('ical_url_forbidden');
    expect((await failure(`http://localhost:${new URL(base).port}/ok`)).code).toBe('ical_url_forbidden');
    expect((await failure('http://[::1]/x')).code).toBe('ical_url_forbidden');
    expect((await failure('http://2130706433/x')).code).toBe('ical_url_forbidden'); // 127.0.0.1 as one number
    expect((await failure('http://169.254.169.254/latest/meta-data/')).message).toMatch(/link-local/);
    expect((await failure('webcal://10.0.0.5/cal.ics')).code).toBe('ical_url_forbidden'); // webcal is read as https
    expect((await failure('http://example.org:22/cal.ics')).code).toBe('ical_url_forbidden'); // only ports 80, 443 and 8080
  });

  it('refuses other schemes and non-URLs', async () => {
    expect((await failure('ftp://example.org/cal.ics')).code).toBe('ical_url_invalid');
    expect((await failure('file:///etc/passwd')).code).toBe('ical_url_invalid');
    expect((await failure('not a url')).code).toBe('ical_url_invalid');
  });

  it('refuses a body over the size cap, announced or streamed', async () => {
    const announced = await failure(`${base}/big`, { ...allow, maxBytes: 1000 });
    expect(announced.code).toBe('ical_fetch_too_large');
    expect((await failure(`${base}/stream-big`, { ...allow, maxBytes: 1000 })).code).toBe('ical_fetch_too_large');
    expect((await fetchIcs(`${base}/stream-big`, { ...allow, maxBytes: 5000 })).bytes).toBe(5000);
  });

  it('follows at most 3 redirects', async () => {
    const fetched = await fetchIcs(`${base}/redirect/2`, allow); // 3 redirects
    expect(fetched.url).toBe(`${base}/ok`);
    expect((await failure(`${base}/redirect/3`, allow)).code).toBe('ical_too_many_redirects');
    expect((await failure(`${base}/redirect/0`, { ...allow, maxRedirects: 0 })).code).toBe('ical_too_many_redirects');
  });

  it('vets every redirect target again', async () => {
    const error = await failure(`${base}/to-private`, allow);
    expect(error.code).toBe('ical_url_forbidden');
    expect(error.data).toMatchObject({ url: 'http://10.0.0.1/calendar.ics', address: '10.0.0.1' });
    expect((await failure(`${base}/to-file`, allow)).code).toBe('ical_url_invalid');
  });

  it('reports HTTP errors and a server that does not finish in time', async () => {
    const missing = await failure(`${base}/missing`, allow);
    expect(missing.code).toBe('ical_fetch_failed');
    expect(missing.data).toMatchObject({ status: 404 });
    expect((await failure(`${base}/slow`, { ...allow, timeoutMs: 200 })).code).toBe('ical_fetch_timeout');
  });
});

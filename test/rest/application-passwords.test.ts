/**
 * `/core/v2/users/{id|me}/application-passwords[/introspect|/{uuid}]` over real HTTP, as
 * WordPress's WP_REST_Application_Passwords_Controller answers them.
 */
import { writeOptions } from '../../src/domain/settings/options';
import { ADMIN_APP_PASSWORD, basicAuth, startTestApp, SITE_URL, type TestApp } from '../support/app';

const ROOT = `${SITE_URL}/wp-json`;
const USERS = '/wp-json/core/v2/users';
const CHUNKED = /^[A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5}$/;
const DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;

describe('application passwords', () => {
  let t: TestApp;
  let adminId: number;
  let sub: { id: number; auth: string; uuid: string };

  const passwordsOf = (userId: number) => t.db.prisma.applicationPassword.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });

  beforeAll(async () => {
    t = await startTestApp();
    adminId = (await t.db.prisma.user.findUniqueOrThrow({ where: { login: 'admin' } })).id;
    const created = await t.request.post(USERS).set('Authorization', t.adminAuth).send({ username: 'sub', email: 'sub@example.com', password: 'pw' }).expect(201);
    const issued = await t.request.post(`${USERS}/${created.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'issued by admin' }).expect(201);
    sub = { id: created.body.id, auth: basicAuth('sub', issued.body.password), uuid: issued.body.uuid };
  });
  afterAll(() => t.close());

  it('declares the WordPress routes, args and schema', async () => {
    const res = await t.request.options(`${USERS}/me/application-passwords`).expect(200);
    expect(res.body.methods).toEqual(['GET', 'POST', 'DELETE']);
    const [list, create, remove] = res.body.endpoints;
    expect(list.args).toEqual({
      context: { description: 'Scope under which the request is made; determines fields present in response.', type: 'string', enum: ['view', 'embed', 'edit'], default: 'view', required: false },
    });
    expect(create.args).toEqual({
      app_id: {
        description: 'A uuid provided by the application to uniquely identify it. It is recommended to use an UUID v5 with the URL or DNS namespace.',
        oneOf: [{ type: 'string', format: 'uuid' }, { type: 'string', enum: [''] }],
        required: false,
      },
      name: { description: 'The name of the application password.', type: 'string', minLength: 1, pattern: '.*\\S.*', required: true },
    });
    expect(remove.args).toEqual([]);
    expect(list.allow_batch).toBeUndefined();
    expect(res.body.schema.title).toBe('application-password');
    expect(Object.keys(res.body.schema.properties)).toEqual(['uuid', 'app_id', 'name', 'password', 'created', 'last_used', 'last_ip']);
    const item = await t.request.options(`${USERS}/1/application-passwords/abc`).expect(200);
    expect(item.body.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(item.body.endpoints[1].args.name).toEqual({ description: 'The name of the application password.', type: 'string', minLength: 1, pattern: '.*\\S.*', required: false });
    const introspect = await t.request.options(`${USERS}/me/application-passwords/introspect`).expect(200);
    expect(introspect.body.methods).toEqual(['GET']);
  });

  it('runs the whole lifecycle: create, authenticate, list, introspect, delete, refused', async () => {
    const created = await t.request.post(`${USERS}/me/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'My App' }).expect(201);
    const { uuid, password } = created.body;
    expect(Object.keys(created.body)).toEqual(['uuid', 'app_id', 'name', 'created', 'last_used', 'last_ip', 'password', '_links']);
    expect(created.body).toMatchObject({ app_id: '', name: 'My App', last_used: null, last_ip: null });
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(password).toMatch(CHUNKED);
    expect(created.body.created).toMatch(DATE);
    const self = `${ROOT}/core/v2/users/${adminId}/application-passwords/${uuid}`;
    expect(created.body._links).toEqual({ self: [{ href: self, targetHints: { allow: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] } }] });
    expect(created.headers.location).toBe(self);
    const row = await t.db.prisma.applicationPassword.findUniqueOrThrow({ where: { uuid } });
    expect(row.passwordHash).not.toContain(password.replace(/ /g, ''));

    // The new password authenticates (in its display form and without spaces).
    const auth = basicAuth('admin', password);
    const me = await t.request.get(`${USERS}/me`).set('Authorization', auth).expect(200);
    expect(me.body.id).toBe(adminId);
    await t.request.get(`${USERS}/me`).set('Authorization', basicAuth('admin@example.com', password.replace(/ /g, ''))).expect(200);

    // The list shows it without the password, now with its last use.
    const list = await t.request.get(`${USERS}/${adminId}/application-passwords`).set('Authorization', t.adminAuth).expect(200);
    const listed = list.body.find((p: { uuid: string }) => p.uuid === uuid);
    expect(Object.keys(listed)).toEqual(['uuid', 'app_id', 'name', 'created', 'last_used', 'last_ip', '_links']);
    expect(listed.last_used).toMatch(DATE);
    expect(typeof listed.last_ip).toBe('string');
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['ADMIN_APP_PASSWORD', 'My App']);

    // Introspection names the password that authenticated the request.
    const mine = await t.request.get(`${USERS}/me/application-passwords/introspect`).set('Authorization', auth).expect(200);
    expect(mine.body.uuid).toBe(uuid);
    expect(mine.body.password).toBeUndefined();
    const other = await t.request.get(`${USERS}/${adminId}/application-passwords/introspect`).set('Authorization', t.adminAuth).expect(200);
    expect(other.body.name).toBe('ADMIN_APP_PASSWORD');

    const deleted = await t.request.delete(`${USERS}/me/application-passwords/${uuid}`).set('Authorization', t.adminAuth).expect(200);
    expect(Object.keys(deleted.body)).toEqual(['deleted', 'previous']);
    expect(deleted.body.deleted).toBe(true);
    expect(Object.keys(deleted.body.previous)).toEqual(['uuid', 'app_id', 'name', 'created', 'last_used', 'last_ip']);
    expect(deleted.body.previous.uuid).toBe(uuid);

    const refused = await t.request.get(`${USERS}/me`).set('Authorization', auth).expect(401);
    expect(refused.body).toEqual({ code: 'incorrect_password', message: 'The provided password is an invalid application password.', data: { status: 401 } });
    const gone = await t.request.get(`${USERS}/me/application-passwords/${uuid}`).set('Authorization', t.adminAuth).expect(404);
    expect(gone.body).toEqual({ code: 'rest_application_password_not_found', message: 'Application password not found.', data: { status: 404 } });
  });

  it('validates names and app ids before anything is written', async () => {
    const before = await passwordsOf(adminId);
    const post = (body: Record<string, unknown>) => t.request.post(`${USERS}/me/application-passwords`).set('Authorization', t.adminAuth).send(body);
    const missing = await post({}).expect(400);
    expect(missing.body).toEqual({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): name', data: { status: 400, params: ['name'] } });
    const blank = await post({ name: '   ' }).expect(400);
    expect(blank.body.data.details.name.code).toBe('rest_invalid_pattern');
    const tags = await post({ name: '<b></b>' }).expect(400);
    expect(tags.body).toEqual({ code: 'application_password_empty_name', message: 'An application name is required to create an application password.', data: { status: 400 } });
    const dup = await post({ name: 'admin_app_password' }).expect(409);
    expect(dup.body).toEqual({ code: 'application_password_duplicate_name', message: 'Each application name should be unique.', data: { status: 409 } });
    const appId = await post({ name: 'x', app_id: 'not-a-uuid' }).expect(400);
    expect(appId.body.code).toBe('rest_invalid_param');
    expect(Object.keys(appId.body.data.params)).toEqual(['app_id']);
    expect(await passwordsOf(adminId)).toEqual(before);

    const withId = await post({ name: 'With id', app_id: '6ba7b810-9dad-51d1-80b4-00c04fd430c8' }).expect(201);
    expect(withId.body.app_id).toBe('6ba7b810-9dad-51d1-80b4-00c04fd430c8');
    await t.request.delete(`${USERS}/me/application-passwords/${withId.body.uuid}`).set('Authorization', t.adminAuth).expect(200);
  });

  it('renames a password and reads it back', async () => {
    const created = await t.request.post(`${USERS}/me/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'Old name' }).expect(201);
    const url = `${USERS}/me/application-passwords/${created.body.uuid}`;
    const renamed = await t.request.put(url).set('Authorization', t.adminAuth).send({ name: 'New name' }).expect(200);
    expect(Object.keys(renamed.body)).toEqual(['uuid', 'app_id', 'name', 'created', 'last_used', 'last_ip', '_links']);
    expect(renamed.body.name).toBe('New name');
    const read = await t.request.get(`${url}?context=embed`).set('Authorization', t.adminAuth).expect(200);
    expect(Object.keys(read.body)).toEqual(['uuid', 'app_id', 'name', '_links']);
    expect(read.body.name).toBe('New name');
    await t.request.delete(url).set('Authorization', t.adminAuth).expect(200);
  });

  it('lets a subscriber manage their own passwords but not anybody else’s', async () => {
    const own = await t.request.post(`${USERS}/me/application-passwords`).set('Authorization', sub.auth).send({ name: 'phone' }).expect(201);
    expect(own.body._links.self[0].href).toBe(`${ROOT}/core/v2/users/${sub.id}/application-passwords/${own.body.uuid}`);
    const list = await t.request.get(`${USERS}/me/application-passwords`).set('Authorization', sub.auth).expect(200);
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['issued by admin', 'phone']);
    expect(list.headers.allow).toBe('GET, POST, DELETE');

    const adminPasswords = await passwordsOf(adminId);
    const base = `${USERS}/${adminId}/application-passwords`;
    const listOther = await t.request.get(base).set('Authorization', sub.auth).expect(403);
    expect(listOther.body).toEqual({ code: 'rest_cannot_list_application_passwords', message: 'Sorry, you are not allowed to list application passwords for this user.', data: { status: 403 } });
    expect(listOther.headers.allow).toBeUndefined();
    const createOther = await t.request.post(base).set('Authorization', sub.auth).send({ name: 'sneaky' }).expect(403);
    expect(createOther.body.code).toBe('rest_cannot_create_application_passwords');
    const readOther = await t.request.get(`${base}/${adminPasswords[0].uuid}`).set('Authorization', sub.auth).expect(403);
    expect(readOther.body.code).toBe('rest_cannot_read_application_password');
    const editOther = await t.request.put(`${base}/${adminPasswords[0].uuid}`).set('Authorization', sub.auth).send({ name: 'mine' }).expect(403);
    expect(editOther.body.code).toBe('rest_cannot_edit_application_password');
    const deleteOther = await t.request.delete(`${base}/${adminPasswords[0].uuid}`).set('Authorization', sub.auth).expect(403);
    expect(deleteOther.body).toEqual({ code: 'rest_cannot_delete_application_password', message: 'Sorry, you are not allowed to delete this application password.', data: { status: 403 } });
    const deleteAll = await t.request.delete(base).set('Authorization', sub.auth).expect(403);
    expect(deleteAll.body.code).toBe('rest_cannot_delete_application_passwords');
    const introspect = await t.request.get(`${base}/introspect`).set('Authorization', sub.auth).expect(403);
    expect(introspect.body).toEqual({
      code: 'rest_cannot_introspect_app_password_for_non_authenticated_user',
      message: 'The authenticated Application Password can only be introspected for the current user.',
      data: { status: 403 },
    });
    // The subscriber's own uuid under the admin's path is not found for them either.
    await t.request.get(`${base}/${own.body.uuid}`).set('Authorization', t.adminAuth).expect(404);
    expect(await passwordsOf(adminId)).toEqual(adminPasswords);

    // Administrators (edit_users) manage everybody's.
    const byAdmin = await t.request.get(`${USERS}/${sub.id}/application-passwords`).set('Authorization', t.adminAuth).expect(200);
    expect(byAdmin.body).toHaveLength(2);
    await t.request.delete(`${USERS}/${sub.id}/application-passwords/${own.body.uuid}`).set('Authorization', t.adminAuth).expect(200);
  });

  it('answers anonymous callers with 401 and unknown users with 404', async () => {
    const me = await t.request.get(`${USERS}/me/application-passwords`).expect(401);
    expect(me.body).toEqual({ code: 'rest_not_logged_in', message: 'You are not currently logged in.', data: { status: 401 } });
    const other = await t.request.get(`${USERS}/${adminId}/application-passwords`).expect(401);
    expect(other.body.code).toBe('rest_cannot_list_application_passwords');
    const create = await t.request.post(`${USERS}/${adminId}/application-passwords`).send({ name: 'x' }).expect(401);
    expect(create.body.code).toBe('rest_cannot_create_application_passwords');
    const missing = await t.request.get(`${USERS}/999999/application-passwords`).set('Authorization', t.adminAuth).expect(404);
    expect(missing.body).toEqual({ code: 'rest_user_invalid_id', message: 'Invalid user ID.', data: { status: 404 } });
    const introspect = await t.request.get(`${USERS}/${adminId}/application-passwords/introspect`).expect(401);
    expect(introspect.body.code).toBe('rest_cannot_introspect_app_password_for_non_authenticated_user');
  });

  it('deletes every password of a user and reports how many there were', async () => {
    const created = await t.request.post(USERS).set('Authorization', t.adminAuth).send({ username: 'many', email: 'many@example.com', password: 'pw' }).expect(201);
    const base = `${USERS}/${created.body.id}/application-passwords`;
    for (const name of ['one', 'two', 'three']) await t.request.post(base).set('Authorization', t.adminAuth).send({ name }).expect(201);
    const res = await t.request.delete(base).set('Authorization', t.adminAuth).expect(200);
    expect(res.body).toEqual({ deleted: true, count: 3 });
    expect(await passwordsOf(created.body.id)).toEqual([]);
    expect((await t.request.delete(base).set('Authorization', t.adminAuth).expect(200)).body).toEqual({ deleted: true, count: 0 });
  });

  it('answers 501 application_passwords_disabled when the site turns them off', async () => {
    await writeOptions(t.db, { application_passwords_enabled: false });
    try {
      const res = await t.request.get(`${USERS}/${adminId}/application-passwords`).expect(501);
      expect(res.body).toEqual({ code: 'application_passwords_disabled', message: 'Application passwords are not available.', data: { status: 501 } });
    } finally {
      await writeOptions(t.db, { application_passwords_enabled: true });
    }
    await t.request.get(`${USERS}/me/application-passwords`).set('Authorization', basicAuth('admin', ADMIN_APP_PASSWORD)).expect(200);
  });
});

/**
 * Settings in WPGraphQL 2.x's shape, through a GraphQL client over HTTP: every group public but
 * the admin e-mail (managers only), the flat allSettings view, and updateSettings through the
 * settings contract.
 */
import { startTestApp, type TestApp } from '../support/app';
import { execute, listen, run, type GraphQLTestServer } from './client';

let t: TestApp;
let server: GraphQLTestServer;
const anonymous = () => server.client();
const admin = () => server.client(t.adminAuth);
const groupId = (group: string) => Buffer.from(`setting_group:${group}`).toString('base64');

beforeAll(async () => {
  t = await startTestApp({}, { seed: true });
  server = await listen(t);
});

afterAll(async () => {
  await t.close();
});

const GROUPS = `
  generalSettings { id title description url homeUrl email timezone dateFormat timeFormat startOfWeek language siteIcon { node { id } } siteIconUrl }
  readingSettings { id postsPerPage showOnFront pageOnFront pageForPosts }
  writingSettings { id defaultCategory defaultPostFormat useSmilies }
  discussionSettings { id defaultCommentStatus defaultPingStatus }
  permalinkSettings { id structure categoryBase tagBase }`;

describe('reading settings', () => {
  it('shows every group to anybody, without the admin e-mail', async () => {
    const data = await run(anonymous(), `{ ${GROUPS} }`);
    expect(data).toEqual({
      generalSettings: {
        id: groupId('general'), title: 'Demo Site', description: 'A headless content backend with two faces', url: 'http://example.test', homeUrl: 'http://example.test', email: null,
        timezone: '', dateFormat: 'F j, Y', timeFormat: 'g:i a', startOfWeek: 1, language: 'en_US', siteIcon: null, siteIconUrl: '',
      },
      readingSettings: { id: groupId('reading'), postsPerPage: 10, showOnFront: 'posts', pageOnFront: 0, pageForPosts: 0 },
      writingSettings: { id: groupId('writing'), defaultCategory: 1, defaultPostFormat: '0', useSmilies: true },
      discussionSettings: { id: groupId('discussion'), defaultCommentStatus: 'open', defaultPingStatus: 'open' },
      permalinkSettings: { id: groupId('permalink'), structure: '/%postname%/', categoryBase: '', tagBase: '' },
    });
  });

  it('gives managers the admin e-mail', async () => {
    const data = await run<{ generalSettings: { email: string }; allSettings: { generalSettingsEmail: string } }>(admin(), '{ generalSettings { email } allSettings { generalSettingsEmail } }');
    expect(data.generalSettings.email).toMatch(/@/);
    expect(data.allSettings.generalSettingsEmail).toBe(data.generalSettings.email);
  });

  it('flattens the groups into allSettings', async () => {
    const data = await run<{ allSettings: Record<string, unknown> }>(
      anonymous(),
      `{ allSettings { generalSettingsTitle generalSettingsUrl generalSettingsHomeUrl generalSettingsEmail generalSettingsStartOfWeek readingSettingsPostsPerPage
        readingSettingsShowOnFront writingSettingsUseSmilies discussionSettingsDefaultPingStatus permalinkSettingsStructure permalinkSettingsTagBase } }`,
    );
    expect(data.allSettings).toEqual({
      generalSettingsTitle: 'Demo Site', generalSettingsUrl: 'http://example.test', generalSettingsHomeUrl: 'http://example.test', generalSettingsEmail: null,
      generalSettingsStartOfWeek: 1, readingSettingsPostsPerPage: 10, readingSettingsShowOnFront: 'posts', writingSettingsUseSmilies: true,
      discussionSettingsDefaultPingStatus: 'open', permalinkSettingsStructure: '/%postname%/', permalinkSettingsTagBase: '',
    });
  });
});

describe('updateSettings', () => {
  it('writes settings and answers every group as it now is', async () => {
    const data = await run<{ updateSettings: Record<string, unknown> }>(
      admin(),
      `mutation { updateSettings(input: { clientMutationId: "s1", generalSettingsTitle: "Field & Notes", generalSettingsTimezone: "Europe/Paris", readingSettingsPostsPerPage: 5, discussionSettingsDefaultPingStatus: "closed", writingSettingsUseSmilies: false }) {
        clientMutationId allSettings { generalSettingsTitle readingSettingsPostsPerPage } generalSettings { title timezone } readingSettings { postsPerPage }
        writingSettings { useSmilies } discussionSettings { defaultPingStatus } permalinkSettings { structure } } }`,
    );
    expect(data.updateSettings).toEqual({
      clientMutationId: 's1',
      // esc_html on the title, as sanitize_option does.
      allSettings: { generalSettingsTitle: 'Field &amp; Notes', readingSettingsPostsPerPage: 5 },
      generalSettings: { title: 'Field &amp; Notes', timezone: 'Europe/Paris' },
      readingSettings: { postsPerPage: 5 },
      writingSettings: { useSmilies: false },
      discussionSettings: { defaultPingStatus: 'closed' },
      permalinkSettings: { structure: '/%postname%/' },
    });
    expect(await run(anonymous(), '{ generalSettings { title } readingSettings { postsPerPage } }')).toEqual({ generalSettings: { title: 'Field &amp; Notes' }, readingSettings: { postsPerPage: 5 } });
  });

  it('refuses those who may not manage options', async () => {
    const result = await execute(anonymous(), 'mutation { updateSettings(input: { generalSettingsTitle: "No" }) { generalSettings { title } } }');
    expect(result.error?.graphQLErrors[0].extensions).toMatchObject({ code: 'rest_forbidden', status: 401 });
  });

  it('names the input field the contract refuses', async () => {
    const result = await execute(admin(), 'mutation { updateSettings(input: { discussionSettingsDefaultCommentStatus: "maybe" }) { generalSettings { title } } }');
    expect(result.error?.graphQLErrors[0].extensions?.code).toBe('rest_invalid_param');
    expect(result.error?.graphQLErrors[0].message).toMatch(/input\.discussionSettingsDefaultCommentStatus/);
  });
});

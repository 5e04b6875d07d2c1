/**
 * The domain's permission predicates, asked with a viewer of each role, as WordPress 6.9.7 (and
 * The Events Calendar 6.17.1) answer them: what both faces rely on, without HTTP.
 */
import type { Content, User } from '../../src/generated/prisma-sqlite/client';
import { canDeleteContent, canEditContent, canReadContent } from '../../src/domain/content/permissions';
import { canReadRecord } from '../../src/domain/events/permissions';
import { availableMenuItemActions } from '../../src/domain/menus/access';
import { availablePostActions } from '../../src/domain/posts/actions';
import { canDeletePost, canEditPost, canReadPost, canStickPosts } from '../../src/domain/posts/permissions';
import { canDeleteRevision } from '../../src/domain/posts/revisions';
import { canManageSettings, updateSettingsPermissionError } from '../../src/domain/settings/settings';
import { canEditUserRecord, listUsersPermissionError } from '../../src/domain/users/users';
import { anonymous, viewerFor, type Viewer } from '../../src/domain/viewer';

const ROLES = ['subscriber', 'contributor', 'author', 'editor', 'administrator'] as const;
type Role = (typeof ROLES)[number] | 'anonymous';

function user(id: number, role: string): User {
  const now = new Date();
  return {
    id, login: `u${id}`, email: `u${id}@example.com`, passwordHash: '', name: '', slug: `u${id}`, firstName: '', lastName: '',
    nickname: '', description: '', url: '', locale: '', role, registeredAt: now,
  };
}

/** One viewer per role; ids 1…5 in ROLES order, anonymous is 0. */
const viewers: Record<Role, Viewer> = {
  anonymous,
  ...Object.fromEntries(ROLES.map((role, i) => [role, viewerFor(user(i + 1, role))])),
} as Record<Role, Viewer>;
const ALL: Role[] = ['anonymous', ...ROLES];

function row(type: string, status: string, authorId: number, id = 100): Pick<Content, 'id' | 'type' | 'status' | 'authorId'> & Content {
  return { id, type, status, authorId } as Content;
}

/** The roles for which `allowed` answers true, in ALL's order. */
const who = (allowed: (viewer: Viewer) => boolean): Role[] => ALL.filter((role) => allowed(viewers[role]));

describe('content meta capabilities (map_meta_cap)', () => {
  const editorId = viewers.editor.id;
  const authorId = viewers.author.id;

  it('read_post: published is public; an unpublished record needs authorship (read) or edit_post', () => {
    expect(who((v) => canReadPost(v, row('post', 'publish', editorId)))).toEqual(ALL);
    expect(who((v) => canReadPost(v, row('post', 'draft', authorId)))).toEqual(['author', 'editor', 'administrator']);
    // The author branch asks only `read`: a subscriber who authored a draft still reads it.
    expect(who((v) => canReadContent(v, row('post', 'draft', viewers.subscriber.id)))).toEqual(['subscriber', 'editor', 'administrator']);
    expect(who((v) => canReadContent(v, row('post', 'pending', viewers.contributor.id)))).toEqual(['contributor', 'editor', 'administrator']);
    expect(who((v) => canReadContent(v, row('post', 'trash', authorId)))).toEqual(['author', 'editor', 'administrator']);
    // private: read_private_posts (editors) or authorship.
    expect(who((v) => canReadContent(v, row('post', 'private', authorId)))).toEqual(['author', 'editor', 'administrator']);
    expect(who((v) => canReadContent(v, row('page', 'draft', authorId)))).toEqual(['author', 'editor', 'administrator']);
  });

  it('edit_post: own drafts with edit_posts, own published with edit_published_posts, others with edit_others_posts', () => {
    expect(who((v) => canEditPost(v, row('post', 'draft', viewers.contributor.id)))).toEqual(['contributor', 'editor', 'administrator']);
    expect(who((v) => canEditPost(v, row('post', 'publish', viewers.contributor.id)))).toEqual(['editor', 'administrator']);
    expect(who((v) => canEditPost(v, row('post', 'publish', authorId)))).toEqual(['author', 'editor', 'administrator']);
    expect(who((v) => canEditContent(v, row('page', 'publish', editorId)))).toEqual(['editor', 'administrator']);
  });

  it('delete_post: as edit_post with the delete_* primitives; the front page also needs manage_options', () => {
    const options = { page_on_front: 7, page_for_posts: 0 };
    expect(who((v) => canDeletePost(v, row('post', 'publish', editorId), options))).toEqual(['editor', 'administrator']);
    expect(who((v) => canDeletePost(v, row('post', 'publish', authorId), options))).toEqual(['author', 'editor', 'administrator']);
    expect(who((v) => canDeleteContent(v, row('post', 'draft', viewers.contributor.id)))).toEqual(['contributor', 'editor', 'administrator']);
    expect(who((v) => canDeletePost(v, row('page', 'publish', editorId, 7), options))).toEqual(['administrator']);
  });

  it('delete_post of a revision maps to do_not_allow, for everybody (administrators included)', () => {
    // map_meta_cap(): `if ( 'revision' === $post->post_type ) { $caps[] = 'do_not_allow'; }` under
    // delete_post; WordPress's own test_delete_item asserts 403 rest_cannot_delete for an editor.
    expect(who((v) => canDeleteRevision(v, row('revision', 'inherit', viewers.administrator.id) as Content))).toEqual([]);
  });
});

describe('sticky (create_item_permissions_check / update_item_permissions_check)', () => {
  it('is refused only to users who can neither edit others\' posts nor publish', () => {
    expect(who((v) => canStickPosts(v, 'post'))).toEqual(['author', 'editor', 'administrator']);
  });
});

describe('available actions (get_available_actions, the wp:action-* links of edit context)', () => {
  it('advertises sticky only to those who may both publish and edit others\' posts', () => {
    const actions = Object.fromEntries(ALL.map((role) => [role, availablePostActions(viewers[role], 'post')]));
    expect(actions).toEqual({
      anonymous: [],
      subscriber: [],
      contributor: ['assign-categories', 'create-tags', 'assign-tags'],
      author: ['publish', 'assign-categories', 'create-tags', 'assign-tags'],
      editor: ['publish', 'unfiltered-html', 'sticky', 'assign-author', 'create-categories', 'assign-categories', 'create-tags', 'assign-tags'],
      administrator: ['publish', 'unfiltered-html', 'sticky', 'assign-author', 'create-categories', 'assign-categories', 'create-tags', 'assign-tags'],
    });
    expect(availablePostActions(viewers.editor, 'page')).toEqual(['publish', 'unfiltered-html', 'assign-author']);
    expect(availablePostActions(viewers.author, 'page')).toEqual([]);
  });

  it('menu items: edit_theme_options, and unfiltered_html', () => {
    expect(availableMenuItemActions(viewers.editor)).toEqual(['unfiltered-html']);
    expect(availableMenuItemActions(viewers.administrator)).toEqual(['publish', 'unfiltered-html', 'create-menus', 'assign-menus']);
    expect(availableMenuItemActions(viewers.contributor)).toEqual([]);
  });
});

describe('settings (WP_REST_Settings_Controller, 6.9)', () => {
  it('needs manage_options to read or write, and a refusal is rest_forbidden', () => {
    expect(who(canManageSettings)).toEqual(['administrator']);
    expect(updateSettingsPermissionError(viewers.administrator)).toBeNull();
    for (const role of ALL.filter((r) => r !== 'administrator')) {
      const denied = updateSettingsPermissionError(viewers[role]);
      expect(denied && { code: denied.code, status: denied.status, message: denied.message }).toEqual({
        code: 'rest_forbidden',
        status: role === 'anonymous' ? 401 : 403,
        message: 'Sorry, you are not allowed to do that.',
      });
    }
  });
});

describe('users (WP_REST_Users_Controller)', () => {
  it('edit_user: oneself, or edit_users', () => {
    const contributorId = viewers.contributor.id;
    expect(who((v) => canEditUserRecord(v, contributorId))).toEqual(['contributor', 'administrator']);
  });

  it('lists in edit context with list_users only (rest_forbidden_context)', () => {
    for (const role of ALL) {
      const denied = listUsersPermissionError(viewers[role], { context: 'edit' });
      if (role === 'administrator') expect(denied).toBeNull();
      else expect(denied && `${denied.code} ${denied.status}`).toBe(`rest_forbidden_context ${role === 'anonymous' ? 401 : 403}`);
    }
  });
});

describe('calendar records (The Events Calendar 6.17.1, Single_Event::get)', () => {
  it('a trashed event is read by its author and those who may edit it, like any unpublished one', () => {
    const trashed = row('tribe_events', 'trash', viewers.author.id);
    expect(who((v) => canReadRecord(v, trashed))).toEqual(['author', 'editor', 'administrator']);
    expect(who((v) => canReadRecord(v, row('tribe_events', 'publish', viewers.author.id)))).toEqual(ALL);
    expect(who((v) => canReadRecord(v, row('tribe_venue', 'draft', viewers.contributor.id)))).toEqual(['contributor', 'editor', 'administrator']);
  });
});

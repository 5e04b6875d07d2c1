/**
 * What of WPGraphQL's schema we serve (compared by diff.ts), and what we leave out and why. Each
 * exclusion is a resource this backend does not have; README's deliberate differences say so too.
 */
import type { Served } from './diff';

export const SERVED: Served = {
  query: [
    'node', 'nodeByUri', 'viewer',
    'post', 'postBy', 'posts', 'page', 'pageBy', 'pages', 'revisions',
    'contentNode', 'contentNodes', 'contentType', 'contentTypes', 'taxonomy', 'taxonomies',
    'category', 'categories', 'tag', 'tags', 'postFormat', 'postFormats', 'termNode', 'terms',
    'user', 'users', 'userRole', 'userRoles',
    'menu', 'menus', 'menuItem', 'menuItems',
    'mediaItem', 'mediaItemBy', 'mediaItems',
    'allSettings', 'generalSettings', 'readingSettings', 'writingSettings', 'discussionSettings', 'permalinkSettings',
    'event', 'eventBy', 'events', 'venue', 'venueBy', 'venues', 'organizer', 'organizerBy', 'organizers', 'eventsCategory', 'eventsCategories',
  ],
  mutation: [
    'createPost', 'updatePost', 'deletePost', 'createPage', 'updatePage', 'deletePage',
    'createCategory', 'updateCategory', 'deleteCategory', 'createTag', 'updateTag', 'deleteTag',
    'createPostFormat', 'updatePostFormat', 'deletePostFormat',
    'createUser', 'updateUser', 'deleteUser', 'registerUser',
    'updateSettings',
    'createEvent', 'updateEvent', 'deleteEvent', 'createVenue', 'updateVenue', 'deleteVenue',
    'createOrganizer', 'updateOrganizer', 'deleteOrganizer', 'createEventsCategory', 'updateEventsCategory', 'deleteEventsCategory',
    'createMediaItem', 'updateMediaItem', 'deleteMediaItem',
  ],
  excludedTypes: [
    [/Comment(?!Status)/, 'no comments: `replies` links are printed, the comments API is not served'],
    [/Enqueued(Script|Stylesheet|Asset)/, 'a headless backend enqueues no scripts or stylesheets'],
    [/Plugin|Theme/, 'no plugins or themes to list'],
    [/^EditLock|ToEditLock/, 'no editor sessions to lock'],
  ],
  excludedFields: {
    'RootMutation.increaseCount': 'a WPGraphQL test mutation',
  },
};

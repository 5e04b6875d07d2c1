/**
 * WordPress's default roles and their primitive capabilities (wp-admin/includes/schema.php,
 * populate_roles). Meta capabilities such as edit_post are mapped per record by the resources.
 */
export const ROLE_NAMES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

const subscriber = ['read', 'level_0'];
const contributor = [...subscriber, 'edit_posts', 'delete_posts', 'level_1'];
const author = [...contributor, 'upload_files', 'edit_published_posts', 'publish_posts', 'delete_published_posts', 'level_2'];
const editor = [
  ...author,
  'moderate_comments', 'manage_categories', 'manage_links', 'unfiltered_html', 'edit_others_posts',
  'edit_pages', 'edit_others_pages', 'edit_published_pages', 'publish_pages', 'delete_pages',
  'delete_others_pages', 'delete_published_pages', 'delete_others_posts', 'delete_private_posts',
  'edit_private_posts', 'read_private_posts', 'delete_private_pages', 'edit_private_pages',
  'read_private_pages', 'level_3', 'level_4', 'level_5', 'level_6', 'level_7',
];
const administrator = [
  ...editor,
  'switch_themes', 'edit_themes', 'activate_plugins', 'edit_plugins', 'edit_users', 'edit_files',
  'manage_options', 'import', 'unfiltered_upload', 'edit_dashboard', 'update_plugins', 'delete_plugins',
  'install_plugins', 'update_themes', 'install_themes', 'update_core', 'list_users', 'remove_users',
  'promote_users', 'edit_theme_options', 'delete_themes', 'export', 'delete_users', 'create_users',
  'level_8', 'level_9', 'level_10',
];

export const ROLE_CAPABILITIES: Record<RoleName, ReadonlySet<string>> = {
  administrator: new Set(administrator),
  editor: new Set(editor),
  author: new Set(author),
  contributor: new Set(contributor),
  subscriber: new Set(subscriber),
};

export const ROLE_LABELS: Record<RoleName, string> = {
  administrator: 'Administrator',
  editor: 'Editor',
  author: 'Author',
  contributor: 'Contributor',
  subscriber: 'Subscriber',
};

export function isRoleName(value: string): value is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(value);
}

/** The capabilities object WordPress returns for a user in edit context: every cap -> true. */
export function capabilitiesOf(role: string): Record<string, boolean> {
  const caps: Record<string, boolean> = {};
  for (const cap of isRoleName(role) ? ROLE_CAPABILITIES[role] : []) caps[cap] = true;
  if (isRoleName(role)) caps[role] = true;
  return caps;
}

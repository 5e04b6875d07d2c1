/**
 * _get_custom_object_labels(), shared by post types and taxonomies: the defaults for the object's
 * kind (flat or hierarchical), overridden by its registered labels, with singular_name,
 * name_admin_bar, menu_name, all_items and archives derived from them as WordPress does.
 * Returns the labels and the registered ones as completed (callers add template_name their way).
 */
export type LabelDefaults = ReadonlyArray<readonly [key: string, flat: string | null, hierarchical: string | null]>;

export function customObjectLabels(
  slug: string,
  hierarchical: boolean,
  registered: Record<string, string>,
  defaults: LabelDefaults,
): { labels: Record<string, string | null>; custom: Record<string, string> } {
  const custom: Record<string, string> = { ...registered };
  if (custom.singular_name === undefined && custom.name !== undefined) custom.singular_name = custom.name;
  if (custom.name_admin_bar === undefined) custom.name_admin_bar = custom.singular_name ?? slug;
  if (custom.menu_name === undefined && custom.name !== undefined) custom.menu_name = custom.name;
  if (custom.all_items === undefined && custom.menu_name !== undefined) custom.all_items = custom.menu_name;
  if (custom.archives === undefined && custom.all_items !== undefined) custom.archives = custom.all_items;
  const labels: Record<string, string | null> = {};
  for (const [key, flat, tree] of defaults) labels[key] = hierarchical ? tree : flat;
  Object.assign(labels, custom);
  return { labels, custom };
}

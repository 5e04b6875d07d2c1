/**
 * How `last_access` reads (Red_Item::to_json): the site's date format in site time, "-" for a
 * redirect never hit. REST and the JSON export use the same formatter.
 */
import { formatSiteTime } from '../content/dates';
import type { SiteOptions } from '../settings/options';
import { formatWallClock } from '../../site/dates';

export function siteDateFormatter(options: SiteOptions): (date: Date) => string {
  return (date) => formatWallClock(options.date_format, formatSiteTime(date, options));
}

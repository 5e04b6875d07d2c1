/** The media storage a deployment uses (the local directory MEDIA_DIR; other back ends plug in here). */
import type { Config } from '../../config';
import { localStorageAt } from './local-storage';
import type { MediaStorage } from './storage';

export function mediaStorage(config: Pick<Config, 'media'>): MediaStorage {
  return localStorageAt(config.media.dir);
}

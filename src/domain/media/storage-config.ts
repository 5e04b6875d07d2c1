/** The media storage a deployment uses: the MEDIA_S3_* bucket when one is named, else the local directory MEDIA_DIR. */
import type { Config } from '../../config';
import { localStorageAt } from './local-storage';
import { s3StorageFor } from './s3-storage';
import type { MediaStorage } from './storage';

export function mediaStorage(config: Pick<Config, 'media'>): MediaStorage {
  return config.media.s3 ? s3StorageFor(config.media.s3) : localStorageAt(config.media.dir);
}

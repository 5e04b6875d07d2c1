/** WPGraphQL's Avatar: get_avatar_data() of a user (the domain builds the Gravatar address). */
import type { AvatarData } from '../../../domain/users/links';
import { Model } from '../../model';

export class AvatarModel extends Model {
  constructor(readonly data: AvatarData) {
    super();
  }
  get __typename(): string {
    return 'Avatar';
  }
  get url(): string {
    return this.data.url;
  }
  get size(): number {
    return this.data.size;
  }
  get width(): number {
    return this.data.width;
  }
  get height(): number {
    return this.data.height;
  }
  get default(): string {
    return this.data.default;
  }
  get forceDefault(): boolean {
    return this.data.forceDefault;
  }
  /** The rating as get_avatar_data() carries it (lowercase: g, pg, r, x). */
  get rating(): string {
    return this.data.rating;
  }
  get scheme(): string | null {
    return this.data.scheme;
  }
  get extraAttr(): string {
    return this.data.extraAttr;
  }
  get foundAvatar(): boolean {
    return this.data.foundAvatar;
  }
  get isRestricted(): boolean {
    return false;
  }
}

/** The media area of the WPGraphQL schema (graphql/media.graphql). */
import type { Area } from '../../model';
import { MediaDetailsModel, MediaItemMetaModel, MediaSizeModel } from './media-details';
import { UploadScalar } from '../../upload';
import { MediaItemModel } from './media-item';
import { mediaMutations } from './mutations';
import { mediaItemById, mediaRootFields } from './root';

export const mediaArea: Area = {
  resolvers: { RootQuery: mediaRootFields, RootMutation: mediaMutations, Upload: UploadScalar },
  models: { MediaItem: MediaItemModel, MediaDetails: MediaDetailsModel, MediaSize: MediaSizeModel, MediaItemMeta: MediaItemMetaModel },
  nodes: { content: { attachment: mediaItemById } },
};

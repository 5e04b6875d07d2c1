/** The media area of the WPGraphQL schema (graphql/media.graphql). */
import type { Area } from '../../model';
import { MediaDetailsModel, MediaItemMetaModel, MediaSizeModel } from './media-details';
import { MediaItemModel } from './media-item';
import { mediaItemById, mediaRootFields } from './root';

export const mediaArea: Area = {
  resolvers: { RootQuery: mediaRootFields },
  models: { MediaItem: MediaItemModel, MediaDetails: MediaDetailsModel, MediaSize: MediaSizeModel, MediaItemMeta: MediaItemMetaModel },
  nodes: { content: { attachment: mediaItemById } },
};

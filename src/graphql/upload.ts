/**
 * The `Upload` scalar of the GraphQL multipart request spec: its value is never written in a
 * document or in JSON variables, only put in place by the HTTP layer (multipart.ts) for a file part
 * of the request, already streamed to a temporary file. Anything else given for it is refused.
 */
import { GraphQLError, GraphQLScalarType } from 'graphql';
import type { DomainError } from '../domain/errors';
import type { UploadSource } from '../domain/media/upload-source';

/** A file part of a multipart request: staged on disk, or why it was not (too big, cut off). */
export class UploadedFile {
  constructor(
    readonly source: UploadSource | null,
    readonly refusal: DomainError | null,
  ) {}
}

const refuse = (): never => {
  throw new GraphQLError('Upload values are file parts of a multipart/form-data request (the GraphQL multipart request spec), named in its `map`.');
};

export const UploadScalar = new GraphQLScalarType({
  name: 'Upload',
  parseValue: (value) => (value instanceof UploadedFile ? value : refuse()),
  parseLiteral: () => refuse(),
  serialize: () => {
    throw new GraphQLError('Upload is an input type only.');
  },
});

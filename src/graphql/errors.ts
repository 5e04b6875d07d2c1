/**
 * Domain errors become GraphQL errors carrying the REST face's facts: `extensions.code` is the
 * WordPress error code, `extensions.status` the HTTP status REST would answer with, and
 * `extensions.data` its params/details. Anything else that escapes a resolver is masked.
 */
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DomainError } from '../domain/errors';

export function formatError(formatted: GraphQLFormattedError, error: unknown, log: (error: unknown) => void): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof DomainError) {
    const data = original.data;
    return {
      ...formatted,
      message: original.message,
      extensions: { code: original.code, status: original.status, ...(Object.keys(data).length ? { data } : {}) },
    };
  }
  if (original instanceof GraphQLError || !(original instanceof Error)) return formatted;
  // A programming error: the client learns nothing of the internals.
  log(original);
  return { message: 'Internal server error', locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR', status: 500 } };
}

/** Reads answer null when the object does not exist or the viewer may not see it (WPGraphQL's model layer). */
export async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DomainError && (error.status === 401 || error.status === 403 || error.status === 404 || error.status === 410)) return null;
    throw error;
  }
}

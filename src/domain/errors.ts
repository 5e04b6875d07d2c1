/**
 * The one error type of the domain layer. It carries WordPress's error code, the HTTP status REST
 * answers with, and extra data; REST prints it as `{code, message, data: {status, ...data}}` and
 * GraphQL as an error with `extensions.code` / `extensions.status`.
 */
export class DomainError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: Record<string, unknown>;
  /** Further errors WordPress reports alongside the first (`additional_errors`). */
  readonly additional: DomainError[];
  /** Earlier data attached to the same code, which WordPress prints as `additional_data`. */
  readonly additionalData: unknown[];

  constructor(code: string, message: string, status: number, data: Record<string, unknown> = {}, additional: DomainError[] = [], additionalData: unknown[] = []) {
    // A client's error is an answer, not a fault: without a stack trace it is cheap to make, which
    // matters where permission checks are probed (targetHints ask every method of every embedded record).
    const stackTraceLimit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.name = 'DomainError';
    this.code = code;
    this.status = status;
    this.data = data;
    this.additional = additional;
    this.additionalData = additionalData;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/** WordPress's rest_authorization_required_code(): 401 for anonymous callers, 403 for users. */
export function authStatus(viewer: { isAnonymous: boolean }): number {
  return viewer.isAnonymous ? 401 : 403;
}

/** A permission failure whose status depends on whether anybody is logged in. */
export function forbidden(code: string, message: string, viewer: { isAnonymous: boolean }): DomainError {
  return new DomainError(code, message, authStatus(viewer));
}

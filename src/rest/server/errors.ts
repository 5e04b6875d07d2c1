/** WordPress's rest_convert_error_to_response: the JSON body of an error. */
import { DomainError } from '../../domain/errors';

export interface ErrorBody {
  code: string;
  message: string;
  data: Record<string, unknown>;
  additional_data?: unknown[];
  additional_errors?: ErrorBody[];
}

export function errorBody(error: DomainError): ErrorBody {
  const body: ErrorBody = { code: error.code, message: error.message, data: { status: error.status, ...error.data } };
  if (error.additionalData.length) body.additional_data = error.additionalData;
  if (error.additional.length) body.additional_errors = error.additional.map(errorBody);
  return body;
}

export const noRoute = (): DomainError => new DomainError('rest_no_route', 'No route was found matching the URL and request method.', 404);

/** Anything that is not a DomainError is our fault: a 500 in WordPress's shape, details logged. */
export function internalError(): DomainError {
  return new DomainError('internal_server_error', 'There has been a critical error on this website.', 500);
}

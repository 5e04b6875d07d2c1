import { DomainError } from '../../errors';

/** A malformed iCalendar document: a client error that names the offending line. */
export function icalParseError(line: number, message: string): DomainError {
  return new DomainError('ical_parse_error', `Invalid iCalendar data on line ${line}: ${message}`, 400, { line });
}

/** WordPress-compatible argument schemas: validation, sanitisation and the request-level step. */
export type { ArgSchema, SchemaIssue, SchemaType } from './types';
export { validateValue } from './validate';
export { sanitizeValue, isSchemaFailure, SchemaFailure } from './sanitize';
export { processArgs } from './args';
export type { ParamSource } from './args';

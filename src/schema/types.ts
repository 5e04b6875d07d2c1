/**
 * The JSON-schema subset WordPress uses for route arguments and item schemas
 * (rest_get_allowed_schema_keywords plus `required`, `context`, `readonly`).
 */
export type SchemaType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';

export interface ArgSchema {
  title?: string;
  description?: string;
  type?: SchemaType | SchemaType[];
  format?: 'date-time' | 'uri' | 'email' | 'double' | 'hex-color' | 'uuid' | 'ip' | 'text-field' | 'textarea-field' | string;
  enum?: readonly unknown[];
  default?: unknown;
  /** Per-property (draft 3) boolean, or (draft 4) list of required property names on objects. */
  required?: boolean | readonly string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: ArgSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  /** An empty array is how WordPress prints "no declared properties". */
  properties?: Record<string, ArgSchema> | readonly never[];
  additionalProperties?: boolean | ArgSchema;
  patternProperties?: Record<string, ArgSchema>;
  minProperties?: number;
  maxProperties?: number;
  anyOf?: readonly ArgSchema[];
  oneOf?: readonly ArgSchema[];
  /** Item-schema only: the contexts in which a field is returned. */
  context?: readonly string[];
  readonly?: boolean;
  /**
   * Not printed: how this argument is sanitised beyond its schema (e.g. 'slug'). Receives the
   * schema-sanitised value; may throw a DomainError, reported like WordPress's sanitize_callback WP_Error.
   */
  sanitize?: (value: unknown) => unknown;
  /**
   * Not printed: extra validation, run after every schema check passed, with the raw value; return an
   * error, or null when the value is fine (a thrown DomainError is reported the same way).
   */
  validate?: (value: unknown, param: string) => { code: string; message: string; data?: unknown } | null;
  /**
   * Not printed: validate this argument only in the sanitize phase, together with its sanitisation.
   * WordPress does this for args that have a `type` but no validate_callback (most collection filters
   * such as `after` or `author`), which is why `?per_page=abc&after=bad` reports only `per_page`.
   */
  validateOnSanitize?: boolean;
  /**
   * Printed in the index but neither validated nor sanitised (WordPress's null validate_callback and
   * sanitize_callback, as posts declare title/content/excerpt): the handler reads the raw value.
   */
  unchecked?: boolean;
}

/** One inner error, as WordPress reports it in `data.details[param]`. */
export interface SchemaIssue {
  code: string;
  message: string;
  data: unknown;
  /** Further errors reported with this one (a hook's DomainError.additional), as `additional_errors`. */
  additional?: SchemaIssue[];
}

/** An item's JSON schema (get_item_schema()): its fields, their rules and the contexts that show them. */
export interface ItemSchema {
  $schema: string;
  title: string;
  type: 'object';
  properties: Record<string, ArgSchema>;
  links?: unknown[];
}

/**
 * Checked arguments, as either face builds them: the sanitised declared values, any parameter by
 * WordPress's precedence, and what the body carried (a JSON null there resets some fields).
 */
export interface ArgsView {
  /** Sanitised declared arguments (plus path variables over REST). */
  params: Record<string, unknown>;
  get(name: string): unknown;
  has(name: string): boolean;
  bodyParams: Record<string, unknown>;
}

/**
 * The gaps between WPGraphQL's schema and ours, over what we serve: starting from the root fields
 * we serve, every type theirs reaches (field types, argument types, interfaces) is compared with
 * the type of the same name in ours.
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';

export interface Served {
  /** Root fields of theirs we serve (RootQuery and RootMutation field names). */
  query: readonly string[];
  mutation: readonly string[];
  /** Types of theirs we do not serve (a name, or a pattern), with why: fields and arguments of these types are skipped. */
  excludedTypes: ReadonlyArray<readonly [RegExp | string, string]>;
  /** `Type.field` of theirs we do not serve, with why. */
  excludedFields: Readonly<Record<string, string>>;
}

export interface Gap {
  kind: 'missing type' | 'kind differs' | 'missing field' | 'field type' | 'missing argument' | 'argument type' | 'missing input field' | 'input field type' | 'missing enum value' | 'missing interface' | 'missing member';
  /** Their type the gap is in. */
  type: string;
  /** Where: `Type.field(arg)`. */
  path: string;
  detail?: string;
}

function isExcludedType(served: Served, name: string): boolean {
  return served.excludedTypes.some(([match]) => (typeof match === 'string' ? match === name : match.test(name)));
}

const kindOf = (type: GraphQLNamedType): string =>
  isObjectType(type) ? 'object' : isInterfaceType(type) ? 'interface' : isUnionType(type) ? 'union' : isEnumType(type) ? 'enum' : isInputObjectType(type) ? 'input' : 'scalar';

export function diffSchemas(theirs: GraphQLSchema, ours: GraphQLSchema, served: Served): Gap[] {
  const gaps: Gap[] = [];
  const seen = new Set<string>();
  const queue: GraphQLNamedType[] = [];
  const excludedType = (name: string): boolean => isExcludedType(served, name);
  const visit = (type: GraphQLNamedType): void => {
    if (!seen.has(type.name) && !excludedType(type.name) && !type.name.startsWith('__')) {
      seen.add(type.name);
      queue.push(type);
    }
  };
  // Root types are compared by role, whatever each schema names them.
  const roots = new Map<string, { ours: string; fields: readonly string[] }>();
  const theirQuery = theirs.getQueryType();
  const theirMutation = theirs.getMutationType();
  if (theirQuery) roots.set(theirQuery.name, { ours: ours.getQueryType()?.name ?? 'Query', fields: served.query });
  if (theirMutation) roots.set(theirMutation.name, { ours: ours.getMutationType()?.name ?? 'Mutation', fields: served.mutation });
  for (const root of [theirQuery, theirMutation]) if (root) queue.push(root);

  while (queue.length > 0) {
    const type = queue.shift() as GraphQLNamedType;
    const root = roots.get(type.name);
    const ourName = root?.ours ?? type.name;
    const mine = ours.getType(ourName);
    if (!mine) {
      gaps.push({ kind: 'missing type', type: type.name, path: type.name, detail: kindOf(type) });
      continue;
    }
    if (kindOf(mine) !== kindOf(type)) {
      gaps.push({ kind: 'kind differs', type: type.name, path: type.name, detail: `theirs ${kindOf(type)}, ours ${kindOf(mine)}` });
      continue;
    }
    if (isObjectType(type) || isInterfaceType(type)) {
      const myFields = (mine as typeof type).getFields();
      const myInterfaces = new Set((mine as typeof type).getInterfaces().map((i) => i.name));
      for (const iface of type.getInterfaces()) {
        if (excludedType(iface.name)) continue;
        if (!myInterfaces.has(iface.name)) gaps.push({ kind: 'missing interface', type: type.name, path: `${type.name} implements ${iface.name}` });
        visit(iface);
      }
      for (const field of Object.values(type.getFields())) {
        if (root && !root.fields.includes(field.name)) continue;
        if (`${type.name}.${field.name}` in served.excludedFields || excludedType(getNamedType(field.type).name)) continue;
        compareField(type.name, field, myFields[field.name], gaps, served, visit);
      }
    } else if (isUnionType(type)) {
      const members = new Set((mine as typeof type).getTypes().map((t) => t.name));
      for (const member of type.getTypes()) {
        if (excludedType(member.name)) continue;
        if (!members.has(member.name)) gaps.push({ kind: 'missing member', type: type.name, path: `${type.name} = ${member.name}` });
        visit(member);
      }
    } else if (isEnumType(type)) {
      const values = new Set((mine as typeof type).getValues().map((v) => v.name));
      for (const value of type.getValues()) if (!values.has(value.name)) gaps.push({ kind: 'missing enum value', type: type.name, path: `${type.name}.${value.name}` });
    } else if (isInputObjectType(type)) {
      const myFields = (mine as typeof type).getFields();
      for (const field of Object.values(type.getFields())) {
        if (`${type.name}.${field.name}` in served.excludedFields || excludedType(getNamedType(field.type).name)) continue;
        compareInput(type.name, field, myFields[field.name], gaps, visit);
      }
    }
  }
  return gaps;
}

function compareField(typeName: string, field: GraphQLField<unknown, unknown>, mine: GraphQLField<unknown, unknown> | undefined, gaps: Gap[], served: Served, visit: (t: GraphQLNamedType) => void): void {
  const where = `${typeName}.${field.name}`;
  visit(getNamedType(field.type));
  if (!mine) {
    gaps.push({ kind: 'missing field', type: typeName, path: where, detail: String(field.type) });
    return;
  }
  if (String(mine.type) !== String(field.type)) gaps.push({ kind: 'field type', type: typeName, path: where, detail: `theirs ${String(field.type)}, ours ${String(mine.type)}` });
  const myArgs = new Map(mine.args.map((a) => [a.name, a]));
  for (const arg of field.args) {
    if (`${typeName}.${field.name}(${arg.name})` in served.excludedFields || isExcludedType(served, getNamedType(arg.type).name)) continue;
    visit(getNamedType(arg.type));
    compareArg(`${where}(${arg.name})`, typeName, arg, myArgs.get(arg.name), gaps);
  }
}

function compareArg(where: string, typeName: string, arg: GraphQLArgument, mine: GraphQLArgument | undefined, gaps: Gap[]): void {
  if (!mine) gaps.push({ kind: 'missing argument', type: typeName, path: where, detail: String(arg.type) });
  else if (String(mine.type) !== String(arg.type)) gaps.push({ kind: 'argument type', type: typeName, path: where, detail: `theirs ${String(arg.type)}, ours ${String(mine.type)}` });
}

function compareInput(typeName: string, field: GraphQLInputField, mine: GraphQLInputField | undefined, gaps: Gap[], visit: (t: GraphQLNamedType) => void): void {
  const where = `${typeName}.${field.name}`;
  visit(getNamedType(field.type));
  if (!mine) gaps.push({ kind: 'missing input field', type: typeName, path: where, detail: String(field.type) });
  else if (String(mine.type) !== String(field.type)) gaps.push({ kind: 'input field type', type: typeName, path: where, detail: `theirs ${String(field.type)}, ours ${String(mine.type)}` });
}

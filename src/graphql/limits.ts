/**
 * Limits on what one request may ask: nesting depth, aliases (validation rules), cost (a plugin,
 * because the cost of a connection depends on `first`/`last`, which variables may carry), and
 * the number of operations in a batch (checked by the HTTP handler).
 */
import type { ApolloServerPlugin } from '@apollo/server';
import {
  getArgumentValues,
  getNamedType,
  GraphQLError,
  isObjectType,
  isInterfaceType,
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type OperationDefinitionNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { requestedSize, type ConnectionArgs } from './connection';
import type { GraphQLContext } from './context';

export interface GraphQLLimits {
  maxDepth: number;
  maxAliases: number;
  maxComplexity: number;
  batchLimit: number;
}

type Fragments = Record<string, FragmentDefinitionNode>;

function depthOf(selectionSet: SelectionSetNode | undefined, fragments: Fragments, seen: Set<string>): number {
  if (!selectionSet) return 0;
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      deepest = Math.max(deepest, selection.selectionSet ? 1 + depthOf(selection.selectionSet, fragments, seen) : 0);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, seen));
    } else if (!seen.has(selection.name.value) && fragments[selection.name.value]) {
      deepest = Math.max(deepest, depthOf(fragments[selection.name.value].selectionSet, fragments, new Set([...seen, selection.name.value])));
    }
  }
  return deepest;
}

/** Depth counts fields that have a selection set: `{ posts { nodes { id } } }` is 2 deep. */
export function depthLimitRule(maxDepth: number) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const fragments = Object.fromEntries(context.getDocument().definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
      const depth = depthOf(node.selectionSet, fragments, new Set());
      if (depth > maxDepth) {
        context.reportError(new GraphQLError(`The query is ${depth} levels deep; the maximum is ${maxDepth}.`, { nodes: [node], extensions: { code: 'QUERY_TOO_DEEP' } }));
      }
    },
  });
}

export function aliasLimitRule(maxAliases: number) {
  return (context: ValidationContext): ASTVisitor => {
    let aliases = 0;
    return {
      Field(node) {
        if (node.alias) aliases++;
      },
      Document: {
        leave() {
          if (aliases > maxAliases) {
            context.reportError(new GraphQLError(`The request uses ${aliases} aliases; the maximum is ${maxAliases}.`, { extensions: { code: 'TOO_MANY_ALIASES' } }));
          }
        },
      },
    };
  };
}

/**
 * Cost: every field costs 1; the selections under a connection field (a type named *Connection)
 * cost once per item it may return (`first`/`last`, default 10, at most 100).
 */
export function costOf(schema: GraphQLSchema, selectionSet: SelectionSetNode, type: GraphQLNamedType, fragments: Fragments, variables: Record<string, unknown>): number {
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      const field = type.getFields()[selection.name.value];
      if (!field) continue;
      const fieldType = getNamedType(field.type);
      let children = selection.selectionSet ? costOf(schema, selection.selectionSet, fieldType, fragments, variables) : 0;
      if (fieldType.name.endsWith('Connection')) {
        const args = getArgumentValues(field, selection, variables) as ConnectionArgs;
        children *= requestedSize(args);
      }
      cost += 1 + children;
    } else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
      if (!fragment) continue;
      const condition = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : type;
      cost += costOf(schema, fragment.selectionSet, condition ?? type, fragments, variables);
    }
  }
  return cost;
}

/** Variable sets remembered per document (a client paging through a list sends a few). */
const COSTS_PER_DOCUMENT = 64;

/**
 * The cost of an operation depends on the document, the operation and the variables only, and
 * Apollo hands repeated requests the same parsed document (its document store), so the cost of a
 * query is computed once per document, operation and variables.
 */
export function complexityPlugin(maxComplexity: number): ApolloServerPlugin<GraphQLContext> {
  const costs = new WeakMap<DocumentNode, Map<string, number>>();
  const costOfOperation = (schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>): number | null => {
    let known = costs.get(document);
    const key = `${operation.name?.value ?? ''}\u0000${JSON.stringify(variables)}`;
    const cached = known?.get(key);
    if (cached !== undefined) return cached;
    const fragments = Object.fromEntries(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
    const root = operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
    if (!root) return null;
    const cost = costOf(schema, operation.selectionSet, root, fragments, variables);
    // Mutation inputs are rarely sent twice; only queries are remembered.
    if (operation.operation !== 'query') return cost;
    if (!known) costs.set(document, (known = new Map()));
    if (known.size >= COSTS_PER_DOCUMENT) known.clear();
    known.set(key, cost);
    return cost;
  };
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, schema, request }) {
          if (!operation) return;
          const cost = costOfOperation(schema, document, operation, request.variables ?? {});
          if (cost === null) return;
          if (cost > maxComplexity) {
            throw new GraphQLError(`The query costs ${cost}; the maximum is ${maxComplexity}. Ask for fewer items (first/last) or fewer fields.`, {
              extensions: { code: 'QUERY_TOO_COMPLEX', cost, maxComplexity, http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}

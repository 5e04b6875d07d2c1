/**
 * An independent GraphQL client (urql) talking HTTP to a listening test server, anonymous or
 * with an application password, as a front-end would.
 */
import { Client, fetchExchange, type AnyVariables, type OperationResult } from '@urql/core';
import type { TestApp } from '../support/app';

export interface GraphQLTestServer {
  url: string;
  client(authorization?: string): Client;
}

export async function listen(test: TestApp): Promise<GraphQLTestServer> {
  const address = await test.app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address}/graphql`;
  return {
    url,
    client: (authorization) =>
      new Client({
        url,
        exchanges: [fetchExchange],
        requestPolicy: 'network-only',
        // urql's defaults otherwise: queries as GETs (within the URL limit), no extra header.
        fetchOptions: () => (authorization ? { headers: { authorization } } : {}),
      }),
  };
}

/** Runs an operation and returns data, failing the test with the errors when there are any. */
export async function run<T = Record<string, unknown>>(client: Client, query: string, variables: AnyVariables = {}): Promise<T> {
  const result = await execute(client, query, variables);
  if (result.error) throw new Error(`GraphQL errors: ${JSON.stringify(result.error.graphQLErrors.map((e) => ({ message: e.message, extensions: e.extensions })))} ${result.error.networkError ?? ''}`);
  return result.data as T;
}

export function execute(client: Client, query: string, variables: AnyVariables = {}): Promise<OperationResult> {
  const isMutation = /^\s*mutation\b/.test(query);
  return (isMutation ? client.mutation(query, variables) : client.query(query, variables)).toPromise();
}

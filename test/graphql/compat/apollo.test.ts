/**
 * The compatibility suite through Apollo Client 4 as a Next.js/Faust front-end configures it:
 * possibleTypes from introspection (so fragments on interfaces match), relayStylePagination for
 * the posts archive, and fetchMore through every page until hasNextPage is false.
 */
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
import { startTestApp, type TestApp } from '../../support/app';
import { listen } from '../client';
import { operation } from './operations';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const POSSIBLE_TYPES = `{ __schema { types { kind name possibleTypes { name } } } }`;

describe('compatibility suite: Apollo Client 4', () => {
  let t: TestApp;
  let client: ApolloClient;
  let restPosts: Json[];

  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    const { url } = await listen(t);
    // More posts than a page, so that the archive takes several fetchMore rounds.
    for (let i = 0; i < 7; i++) await t.request.post('/wp-json/core/v2/posts').set('Authorization', t.adminAuth).send({ title: `Archive filler ${i}`, status: 'publish' }).expect(201);
    restPosts = (await t.request.get('/wp-json/core/v2/posts?per_page=100').expect(200)).body;

    // Faust's and Apollo's recipe: possibleTypes from the schema's abstract types.
    const introspection = (await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: POSSIBLE_TYPES }) })).json()) as Json;
    const possibleTypes: Record<string, string[]> = {};
    for (const type of introspection.data.__schema.types as Json[]) {
      if (type.possibleTypes) possibleTypes[type.name] = type.possibleTypes.map((p: Json) => p.name);
    }
    client = new ApolloClient({
      link: new HttpLink({ uri: url }),
      cache: new InMemoryCache({ possibleTypes, typePolicies: { RootQuery: { queryType: true, fields: { posts: relayStylePagination(['where']) } } } }),
    });
  });
  afterAll(() => t.close());

  it('matches fragments on interfaces in the Faust seed query', async () => {
    const post = restPosts[0];
    const uri = new URL(post.link).pathname;
    const { data } = await client.query<Json>({ query: gql(operation('GetSeedNode').document), variables: { uri } });
    // Fragments on ContentNode and DatabaseIdentifier only apply when possibleTypes says Post is one.
    expect(data!.node).toMatchObject({ __typename: 'Post', uri, databaseId: post.id, isContentNode: true, slug: post.slug, contentType: { node: { name: 'post' } } });
  });

  it('pages through the posts archive with fetchMore until hasNextPage is false', async () => {
    const query = gql(operation('ArchivePosts').document);
    const first = await client.query<Json>({ query, variables: { first: 4 } });
    const observable = client.watchQuery<Json>({ query, variables: { first: 4 } });
    const subscription = observable.subscribe(() => undefined);
    let pageInfo = first.data!.posts.pageInfo as { hasNextPage: boolean; endCursor: string };
    let rounds = 1;
    while (pageInfo.hasNextPage) {
      const more = await observable.fetchMore<Json>({ variables: { after: pageInfo.endCursor } });
      pageInfo = more.data!.posts.pageInfo;
      rounds++;
      if (rounds > 10) throw new Error('the archive never ends');
    }
    subscription.unsubscribe();
    const result = { data: client.readQuery<Json>({ query, variables: { first: 4 } }) };
    // The cache merged every page into one list, in the REST face's order.
    expect(result.data!.posts.edges.map((e: Json) => e.node.databaseId)).toEqual(restPosts.map((p) => p.id));
    expect(rounds).toBe(Math.ceil(restPosts.length / 4));
  });

  it('keeps a filtered archive apart from the unfiltered one (keyArgs where)', async () => {
    const news = (await t.request.get('/wp-json/core/v2/categories?slug=news')).body[0];
    const inNews = (await t.request.get(`/wp-json/core/v2/posts?categories=${news.id}`)).body as Json[];
    const { data } = await client.query<Json>({ query: gql(operation('ArchivePosts').document), variables: { first: 10, where: { categoryName: 'news' } } });
    expect(data!.posts.edges.map((e: Json) => e.node.databaseId)).toEqual(inNews.map((p) => p.id));
  });
});

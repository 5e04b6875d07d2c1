/**
 * GraphiQL, served by this server from npm packages (graphiql's UMD build with React 18), so the
 * playground works offline: nothing is fetched from a CDN. The example operations under
 * graphql/examples/ open as tabs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SCHEMA_DIR } from './schema';

const ASSETS: Record<string, { pkg: string; file: string; type: string }> = {
  'react.js': { pkg: 'react', file: 'umd/react.production.min.js', type: 'text/javascript; charset=utf-8' },
  'react-dom.js': { pkg: 'react-dom', file: 'umd/react-dom.production.min.js', type: 'text/javascript; charset=utf-8' },
  'graphiql.js': { pkg: 'graphiql', file: 'graphiql.min.js', type: 'text/javascript; charset=utf-8' },
  'graphiql.css': { pkg: 'graphiql', file: 'graphiql.min.css', type: 'text/css; charset=utf-8' },
};

/** A file inside an installed package (their export maps do not list the UMD builds). */
const packageFile = (pkg: string, file: string): string => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

/** A browser asking for /graphql itself (no operation in the URL) gets the playground. */
export function wantsPlayground(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const url = request.raw.url ?? '';
  if (/[?&](query|extensions|queryId)=/.test(url)) return false;
  return String(request.headers.accept ?? '').includes('text/html');
}

interface Example {
  query: string;
  variables?: string;
}

function examples(): Example[] {
  const dir = path.join(SCHEMA_DIR, 'examples');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => {
      const query = readFileSync(path.join(dir, name), 'utf8');
      const variablesFile = path.join(dir, name.replace(/\.graphql$/, '.variables.json'));
      let variables: string | undefined;
      try {
        variables = readFileSync(variablesFile, 'utf8');
      } catch {
        variables = undefined;
      }
      return { query, variables };
    });
}

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

function page(base: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GraphQL playground</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${base}/assets/graphiql.css">
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="graphiql">Loading the playground…</div>
<script src="${base}/assets/react.js"></script>
<script src="${base}/assets/react-dom.js"></script>
<script src="${base}/assets/graphiql.js"></script>
<script>
  const examples = ${scriptJson(examples())};
  const fetcher = GraphiQL.createFetcher({ url: new URL('/graphql', window.location.href).toString() });
  const root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(React.createElement(GraphiQL, {
    fetcher,
    defaultEditorToolsVisibility: true,
    defaultTabs: examples.map((example) => ({ query: example.query, variables: example.variables })),
  }));
</script>
</body>
</html>`;
}

export function registerPlayground(app: FastifyInstance): void {
  const base = '/graphql/playground';
  const html = page(base);
  const assets = Object.fromEntries(Object.entries(ASSETS).map(([name, asset]) => [name, { body: readFileSync(packageFile(asset.pkg, asset.file)), type: asset.type }]));
  app.get(base, async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html));
  app.get<{ Params: { file: string } }>(`${base}/assets/:file`, async (request, reply) => {
    const asset = assets[request.params.file];
    if (!asset) return reply.code(404).type('text/plain').send('Not found');
    return reply.type(asset.type).header('cache-control', 'public, max-age=86400').send(asset.body);
  });
}

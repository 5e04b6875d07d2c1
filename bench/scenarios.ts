/**
 * The benchmark scenarios. `bare` is the baseline every other figure is compared with: a Fastify
 * route in the same server that does no work.
 */
export interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Runs once before the scenario (e.g. to create content through the API). */
  prepare?: (baseUrl: string) => Promise<void>;
}

export const scenarios: Scenario[] = [
  { name: 'bare', path: '/ping' },
  { name: 'index', path: '/wp-json/' },
  { name: 'namespace-root', path: '/wp-json/core/v2' },
];

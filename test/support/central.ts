/**
 * A fake central dashboard for tests: its own Ed25519 key pair, pairing with a test app through the
 * real security/v1 routes, and the bearer token it then holds. (Stub: the pairing work fills it in.)
 */
import type { TestApp } from './app';

/** Pairs `app` with a new fake dashboard and returns a valid `Authorization` header value. */
export async function centralAuthorization(_app: TestApp): Promise<string> {
  throw new Error('centralAuthorization: not yet implemented (security pairing)');
}

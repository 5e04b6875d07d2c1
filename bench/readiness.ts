/** Waiting for an instance: until its /health answers 200 (ready to serve), or until its process has exited. */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once GET `healthUrl` answers 200; rejects after `timeoutMs`, or at once when `failed()` says the instance died. */
export async function waitReady(healthUrl: string, timeoutMs = 60000, failed: () => string | undefined = () => undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    try {
      const res = await fetch(healthUrl);
      await res.arrayBuffer();
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    const reason = failed();
    if (reason) throw new Error(`${healthUrl}: ${reason}`);
    if (Date.now() > deadline) throw new Error(`${healthUrl} not ready within ${timeoutMs} ms (${last})`);
    await sleep(100);
  }
}

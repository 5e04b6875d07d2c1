/**
 * Reads that leave the tracked fast path, made visible (README: "How a read travels"):
 *
 * - a `db.read` call whose arguments the statement compiler does not cover falls back to Prisma:
 *   the same rows, at Prisma's cost (~0.2–0.3 ms a call);
 * - a read request (a REST GET, a GraphQL query) that reaches for `db.prisma` gets answers nobody
 *   accounted for: they carry `*` and every write drops them.
 *
 * A call site that means it says so — `viaPrisma(args, why)` for a fallback, `db.untracked(why)`
 * for Prisma itself. Any other such read is a leak: with `STRICT_READS` (the tests) it throws where
 * it happens; otherwise it is counted (`/metrics`) and logged once per kind of leak.
 */

export type ReadLeakKind = 'prisma-fallback' | 'prisma-direct';

export interface ReadLeak {
  kind: ReadLeakKind;
  /** What leaked: the model, operation and the argument the compiler refused; or the request kind. */
  detail: string;
}

export class UnaccountedReadError extends Error {
  constructor(leak: ReadLeak) {
    const remedy =
      leak.kind === 'prisma-fallback'
        ? 'teach src/db/fast/compile.ts these arguments, or mark the call with viaPrisma(args, why)'
        : 'read through db.read, or say why with db.untracked(why)';
    super(`unaccounted read (${leak.kind}): ${leak.detail}; ${remedy}`);
    this.name = 'UnaccountedReadError';
  }
}

const announced = new WeakMap<object, string>();

/** Marks read arguments the compiler does not cover as meant for Prisma (the reason documents the call site). */
export function viaPrisma<T extends object>(args: T, reason: string): T {
  announced.set(args, reason);
  return args;
}

export function announcedReason(args: unknown): string | undefined {
  return typeof args === 'object' && args !== null ? announced.get(args) : undefined;
}

/** One database's leak accounting (strict: throw instead of counting). */
export class ReadAudit {
  readonly counts: Record<ReadLeakKind, number> = { 'prisma-fallback': 0, 'prisma-direct': 0 };
  private readonly seen = new Set<string>();
  /** Told of the first leak of each kind and detail (the server logs it). */
  onFirstLeak: ((leak: ReadLeak) => void) | undefined;

  constructor(readonly strict: boolean) {}

  report(leak: ReadLeak): void {
    if (this.strict) throw new UnaccountedReadError(leak);
    this.counts[leak.kind] += 1;
    const key = `${leak.kind}\n${leak.detail}`;
    if (this.seen.size < 1000 && !this.seen.has(key)) {
      this.seen.add(key);
      this.onFirstLeak?.(leak);
    }
  }
}

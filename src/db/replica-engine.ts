/** The fast read path's engine with replicas behind it: the router picks the server per read. */
import type { ReadEngine, Row } from './fast/engine';
import type { ReplicaRouter } from './replica-router';

export function routedEngine(primary: ReadEngine, replicas: readonly ReadEngine[], router: ReplicaRouter): ReadEngine {
  return {
    dialect: primary.dialect,
    all(sql: string, params: readonly unknown[], postgresText?: string): Row[] | Promise<Row[]> {
      return router.run(
        async (index) => (replicas[index] as ReadEngine).all(sql, params, postgresText),
        () => primary.all(sql, params, postgresText),
      );
    },
    async close() {
      await Promise.all([primary.close(), ...replicas.map((replica) => replica.close())]);
    },
  };
}

/**
 * The analysis worker thread's entry (analysis-pool.ts starts it): takes `{id, input}` messages,
 * runs the same pure analysis the event loop would (analysis.ts), and answers `{id, output}` or
 * `{id, error}`. One text at a time; the pool hands it the next when it answers.
 */
import { parentPort } from 'node:worker_threads';
import { analyse, type AnalysisInput } from './analysis';

export interface AnalysisRequest {
  id: number;
  input: AnalysisInput;
}

export type AnalysisReply = { id: number; output: ReturnType<typeof analyse> } | { id: number; error: string };

parentPort?.on('message', (request: AnalysisRequest) => {
  let reply: AnalysisReply;
  try {
    reply = { id: request.id, output: analyse(request.input) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});

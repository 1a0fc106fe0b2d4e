import type { DestinationStream } from 'pino';
import { createLogger, type Logger } from '../../src/log.ts';

export interface CapturedLog {
  logger: Logger;
  /** Pass as StartOptions.logDestination to capture a server's lines. */
  destination: DestinationStream;
  /** Every line written so far, parsed. */
  entries: Record<string, unknown>[];
  messages(): string[];
}

/** A logger whose JSON lines are kept in memory, for tests that assert what was logged. */
export function captureLog(level = 'info'): CapturedLog {
  const entries: Record<string, unknown>[] = [];
  const destination = {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line) entries.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
  return { logger: createLogger(level, destination), destination, entries, messages: () => entries.map((e) => String(e.msg)) };
}

/** A logger that writes nothing (unit tests of classes that take one). */
export const silentLogger: Logger = createLogger('silent');

/**
 * A server-sent-events stream we write to ourselves (the live notifications), closable from the
 * route (client gone, session ended) and from the process (shutdown).
 */
export interface SseStream {
  body: ReadableStream<Uint8Array>;
  /** Writes one event; a no-op once closed. */
  event: (name: string, data: unknown, id?: string) => void;
  /** Tells EventSource how long to wait before reconnecting. */
  retry: (ms: number) => void;
  /** Writes a comment line (heartbeats), which EventSource ignores. */
  comment: (text: string) => void;
  close: () => void;
  /** Runs once the stream has ended, whoever ended it. */
  onClose: (cleanup: () => void | Promise<void>) => void;
  isClosed: () => boolean;
}

export function createSseStream(): SseStream {
  const encoder = new TextEncoder();
  const cleanups: Array<() => void | Promise<void>> = [];
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let isClosed = false;

  const finish = (closeController: boolean) => {
    if (isClosed) return;
    isClosed = true;
    if (closeController) {
      try {
        controller.close();
      } catch {
        // Already errored or cancelled.
      }
    }
    for (const cleanup of cleanups.splice(0)) void Promise.resolve().then(cleanup).catch(() => undefined);
  };

  const write = (text: string) => {
    if (isClosed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      finish(false);
    }
  };

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      finish(false);
    },
  });

  return {
    body,
    event(name, data, id) {
      write(`event: ${name}\n${id ? `id: ${id}\n` : ""}data: ${JSON.stringify(data)}\n\n`);
    },
    retry(ms) {
      write(`retry: ${ms}\n\n`);
    },
    comment(text) {
      write(`: ${text}\n\n`);
    },
    close: () => finish(true),
    onClose(cleanup) {
      if (isClosed) void Promise.resolve().then(cleanup).catch(() => undefined);
      else cleanups.push(cleanup);
    },
    isClosed: () => isClosed,
  };
}

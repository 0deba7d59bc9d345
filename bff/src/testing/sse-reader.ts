/** One server-sent event as EventSource would see it; comments are kept too (heartbeats). */
export interface ReceivedSse {
  event: string | undefined;
  data: string | undefined;
  comment: string | undefined;
}

/**
 * Reads a text/event-stream response as it arrives, for tests: `next(predicate)` waits for the
 * first event (or comment) that matches, `ended()` waits for the server to close the stream.
 */
export class SseReader {
  readonly received: ReceivedSse[] = [];
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = "";
  #isDone = false;
  #waiters: Array<() => void> = [];

  constructor(response: Response) {
    this.#reader = response.body!.getReader();
    void this.#pump();
  }

  async #pump(): Promise<void> {
    try {
      for (let chunk = await this.#reader.read(); !chunk.done; chunk = await this.#reader.read()) {
        this.#buffer += this.#decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = this.#buffer.indexOf("\n\n")) >= 0) {
          const block = this.#buffer.slice(0, end);
          this.#buffer = this.#buffer.slice(end + 2);
          this.received.push(parseBlock(block));
        }
        this.#wake();
      }
    } catch {
      // Cancelled or cut: treated as the end.
    }
    this.#isDone = true;
    this.#wake();
  }

  #wake(): void {
    for (const waiter of this.#waiters.splice(0)) waiter();
  }

  async next(predicate: (event: ReceivedSse) => boolean, timeoutMs = 20_000): Promise<ReceivedSse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(predicate);
      if (found) return found;
      if (this.#isDone) throw new Error(`the stream ended without the expected event; got ${JSON.stringify(this.received)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no expected event within ${timeoutMs} ms; got ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The `data` of every event of this name so far, parsed as JSON. */
  dataOf(event: string): any[] {
    return this.received.filter((item) => item.event === event).map((item) => JSON.parse(item.data ?? "null"));
  }

  async ended(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.#isDone) {
      if (Date.now() > deadline) throw new Error(`the stream did not end within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async cancel(): Promise<void> {
    await this.#reader.cancel().catch(() => undefined);
  }
}

function parseBlock(block: string): ReceivedSse {
  const item: ReceivedSse = { event: undefined, data: undefined, comment: undefined };
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) item.comment = line.slice(1).trim();
    else if (line.startsWith("event:")) item.event = line.slice(6).trim();
    else if (line.startsWith("data:")) item.data = (item.data === undefined ? "" : `${item.data}\n`) + line.slice(5).trim();
  }
  return item;
}

import { Agent, request } from "node:http";

export interface KeepAliveAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The request went out on a connection an earlier request had used. */
  reusedConnection: boolean;
}

export interface KeepAliveClient {
  /** One request; a broken connection rejects with the socket error (ECONNRESET, EPIPE…). */
  send: (method: string, url: string, options?: { headers?: Record<string, string>; body?: string | Buffer }) => Promise<KeepAliveAnswer>;
  close: () => void;
}

/**
 * An HTTP/1.1 client with ONE keep-alive connection, every request queued on it — how a proxy's
 * or the BFF's connection pool behaves once busy — so a test sees what a request leaves behind
 * for the next one on the same connection (fetch's pool would quietly open another).
 */
export function keepAliveClient(): KeepAliveClient {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    send: (method, url, options = {}) =>
      new Promise((resolve, reject) => {
        const headers: Record<string, string> = { ...options.headers };
        if (options.body !== undefined) headers["content-length"] = String(Buffer.byteLength(options.body));
        const outgoing = request(url, { method, agent, headers }, (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text, reusedConnection: outgoing.reusedSocket }));
          response.on("error", reject);
        });
        outgoing.on("error", reject);
        outgoing.end(options.body);
      }),
    close: () => agent.destroy(),
  };
}

// oidc-provider ships no types for its built-in in-memory adapter module (provider.ts names it
// explicitly; see there why). The factory returns an adapter per model name.
declare module "oidc-provider/lib/adapters/memory_adapter.js" {
  import type { AdapterFactory } from "oidc-provider";
  export function createMemoryAdapter(clockTolerance?: number): AdapterFactory;
}

export * from "./auth.ts";
export * from "./isolation.ts";
export * from "./http.ts";
export * from "./fixtures.ts";
export * from "./harness.ts";
export * from "./serve.ts";
export * from "./keep-alive-client.ts";

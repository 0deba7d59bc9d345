/**
 * vitest globalSetup of the "e2e" project, after test/infra-global-setup.ts: starts the whole app
 * once for every e2e file and gives its address to the tests (`inject("baseUrl")`).
 */
import type { TestProject } from "vitest/node";
import { startStack } from "./stack.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The web app of the e2e stack, e.g. http://127.0.0.1:5173. */
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // What the infrastructure setup before this one found (environment, Testcontainers or deploy/local).
  const { infra } = project.getProvidedContext();
  process.stdout.write("Starting the e2e stack (scripts/start.ts --no-infra)...\n");
  const startedAt = Date.now();
  const stack = await startStack({ infra });
  process.stdout.write(`E2e stack up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s at ${stack.baseUrl} (log: ${stack.logFile})\n`);
  project.provide("baseUrl", stack.baseUrl);
  return async () => {
    await stack.stop();
  };
}

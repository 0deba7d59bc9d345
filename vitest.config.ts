import { defineConfig } from "vitest/config";

// Tests are split by suffix (STYLE.md §10): *.test.ts are unit tests with no I/O,
// *.int.test.ts talk to a real Kafka, MongoDB-wire database and Redis.
const ignored = ["**/node_modules/**", "**/.cache/**", "**/.run/**", "web/**"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["**/*.test.ts"],
          exclude: [...ignored, "**/*.int.test.ts", "**/*.e2e.test.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          exclude: ignored,
          globalSetup: ["./test/infra-global-setup.ts"],
          // One broker, one database server, one Redis on 2 cores: files run in parallel, but
          // each test is slow to start (consumer group joins), so give them room.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

import { defineConfig } from "vitest/config";

// Tests are split by suffix (STYLE.md §10): *.test.ts are unit tests with no I/O,
// *.int.test.ts talk to a real Kafka, MongoDB-wire database and Redis; web/ has its own project;
// *.e2e.test.ts drive the whole app in a browser (e2e/).
const ignored = ["**/node_modules/**", "**/.cache/**", "**/.run/**", "**/.artifacts/**", "web/**"];

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
        // The web app's logic (form rules, pagination, markdown links, ...): pure, no browser.
        test: {
          name: "web",
          include: ["web/src/**/*.test.{ts,tsx}"],
          exclude: ["**/node_modules/**"],
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
      {
        // The whole stack in Debian's Chromium (playwright-core): the infrastructure setup above,
        // then e2e/support/global-setup.ts starts every process once (scripts/start.ts --no-infra)
        // and provides its address as inject("baseUrl"). One file at a time: one shared app; and
        // after the other projects (groupOrder), so the browser does not compete with them for CPU.
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts"],
          exclude: ignored,
          globalSetup: ["./test/infra-global-setup.ts", "./e2e/support/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

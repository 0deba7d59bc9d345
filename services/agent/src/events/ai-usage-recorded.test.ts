import { MongoNetworkError } from "mongodb";
import { describe, expect, it } from "vitest";
import { runWithDeadline, runWithRequestId, assertBeforeDeadline } from "@amia/kit";
import { quietLogger } from "@amia/kit/testing";
import type { TEventOf } from "@amia/contracts";
import type { UsageReportsStore } from "../store/usage-reports-store.ts";
import { outboxUsageRecorder } from "./ai-usage-recorded.ts";

const call = { userId: "018f0000-0000-7000-8000-000000000001", requestId: "req-1", feature: "chat" as const, model: "gpt-test", promptTokens: 10, completionTokens: 5 };
const fast = { windowMs: 5_000, firstDelayMs: 5, maxDelayMs: 20 };

/** A reports store that fails as a database outage would, `outageWrites` times, checking the caller's deadline as the outbox does. */
function reportsStore(outageWrites: number) {
  const stored: Array<TEventOf<"ai-usage.recorded">> = [];
  let failures = 0;
  const store: UsageReportsStore = {
    async report(event) {
      assertBeforeDeadline();
      if (failures < outageWrites) {
        failures++;
        throw new MongoNetworkError("connection 4 to 127.0.0.1:27117 closed");
      }
      stored.push(event);
    },
  };
  return { store, stored };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("outboxUsageRecorder", () => {
  it("keeps a model call's usage through a database outage: record() returns at once and the report is stored once the database answers", async () => {
    const { store, stored } = reportsStore(3);
    await outboxUsageRecorder(store, quietLogger(), fast).record(call);
    expect(stored).toHaveLength(0);
    await until(() => stored.length > 0);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.data).toMatchObject({ user_id: call.userId, request_id: "req-1", total_tokens: 15 });
  });

  it("stores the usage of a call whose caller's deadline has passed (billing is not the caller's write)", async () => {
    const { store, stored } = reportsStore(0);
    await runWithRequestId("req-1", () => runWithDeadline(Date.now() - 1, () => outboxUsageRecorder(store, quietLogger(), fast).record(call)));
    expect(stored).toHaveLength(1);
  });
});

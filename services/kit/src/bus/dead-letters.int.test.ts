import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createBus, type Bus } from "./bus.ts";
import { listDeadLetters, replayDeadLetters } from "./dead-letters.ts";
import { InvalidEventError } from "./invalid-event.ts";
import { eventually, quietLogger, testInfra, uniqueTestNames } from "../testing/isolation.ts";
import { userRegistered } from "../testing/fixtures.ts";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const run = promisify(execFile);

const open: Bus[] = [];
afterEach(async () => {
  const buses = open.splice(0);
  await buses[0]?.deleteOwnTopics().catch(() => undefined);
  await Promise.all(buses.map((bus) => bus.close()));
});

describe("dead letters: list and replay (real Kafka)", () => {
  it("lists what was parked and why, replays it to the original topic once, and never replays it twice", async () => {
    const { topicPrefix, id } = uniqueTestNames("dlq-replay");
    const bus = createBus({ brokers: testInfra().kafkaBrokers, clientId: id, logger: quietLogger(), topicPrefix });
    open.push(bus);
    await bus.ensureTopics(["users"], { partitions: 1 });
    // Given a consumer that refuses one event until it is fixed, and a message that never parses
    let isFixed = false;
    const handled: string[] = [];
    const refused = userRegistered();
    await bus.consumer({
      groupId: `${id}-group`,
      handlers: {
        "user.registered": async (event) => {
          if (event.id === refused.id && !isFixed) throw new InvalidEventError("no such plan");
          handled.push(event.id);
        },
      },
    }).start();
    await bus.publish([refused]);
    // Keyed like the event, so both sit in one partition (offsets 0 and 1) however many the
    // topic has: the consumer ensures its topics at their declared count when it starts.
    await bus.publishRaw(bus.topicName("users"), [{ key: refused.subject, value: "{not json" }]);
    const parked = await eventually(async () => {
      const letters = await listDeadLetters(bus, "users");
      return letters.length === 2 && letters;
    }, 60_000);

    // Then the list says what each is, why it was parked and where it came from
    expect(parked.map((letter) => [letter.eventId, letter.eventType, letter.reason, letter.replayedAt])).toEqual([
      [refused.id, "user.registered", "rejected_by_handler", undefined],
      [undefined, undefined, "invalid_json", undefined],
    ]);
    expect(parked[0]!.error).toContain("no such plan");
    expect(parked[0]!.originalTopic).toBe(bus.topicName("users"));
    expect(parked[0]!.originalOffset).toBe("0");
    expect(parked[1]!.originalOffset).toBe("1");
    expect(Date.parse(parked[0]!.failedAt!)).not.toBeNaN();

    // When the consumer is fixed and that one event is replayed
    isFixed = true;
    const first = await replayDeadLetters(bus, "users", { eventId: refused.id });
    expect(first.replayed.map((letter) => letter.eventId)).toEqual([refused.id]);
    await eventually(() => handled.includes(refused.id), 30_000);

    // And everything is replayed afterwards: the event is not sent again, the poison is (and parks again)
    const second = await replayDeadLetters(bus, "users");
    expect(second.alreadyReplayed.map((letter) => letter.eventId)).toEqual([refused.id]);
    expect(second.replayed.map((letter) => letter.reason)).toEqual(["invalid_json"]);
    const after = await eventually(async () => {
      const letters = await listDeadLetters(bus, "users");
      return letters.length === 3 && letters;
    }, 60_000);
    expect(after.map((letter) => [letter.reason, letter.replayedAt === undefined])).toEqual([
      ["rejected_by_handler", false],
      ["invalid_json", false],
      ["invalid_json", true],
    ]);

    // The command line prints the same
    const { stdout } = await run(process.execPath, ["scripts/dlq.ts", "list", "users", "--prefix", topicPrefix], {
      cwd: ROOT,
      env: { ...process.env, KAFKA_BROKERS: testInfra().kafkaBrokers.join(","), NODE_ENV: "test" },
    });
    expect(stdout).toContain(`${topicPrefix}users.dlq: 3 parked message(s), 1 not replayed`);
    expect(stdout).toContain(`user.registered  ${refused.id}`);
    expect(stdout).toContain("reason: rejected_by_handler   error: InvalidEventError: no such plan");
    const { stdout: again } = await run(process.execPath, ["scripts/dlq.ts", "replay", "users", "--prefix", topicPrefix, "--event-id", refused.id], {
      cwd: ROOT,
      env: { ...process.env, KAFKA_BROKERS: testInfra().kafkaBrokers.join(","), NODE_ENV: "test" },
    });
    expect(again).toContain("0 replayed, 1 already replayed before");
    // A marker event behind it all on the partition: the event was handled exactly once.
    const marker = userRegistered(randomUUID());
    await bus.publish([marker]);
    await eventually(() => handled.includes(marker.id), 30_000);
    expect(handled.filter((handledId) => handledId === refused.id)).toHaveLength(1);
  }, 120_000);
});

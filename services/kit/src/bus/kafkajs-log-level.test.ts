import { logLevel } from "kafkajs";
import { describe, expect, it } from "vitest";
import { kafkajsLogLevel } from "./kafkajs-log-level.ts";

const entry = (message: string, error?: string) => ({ timestamp: "2026-11-23T07:54:17.794Z", message, ...(error ? { error } : {}) });

describe("the level a kafkajs log entry is logged at", () => {
  it("makes a protocol response with a leadership-settling error debug: kafkajs retries it", () => {
    expect(kafkajsLogLevel(logLevel.ERROR, entry("Response ListOffsets(key: 2, version: 3)", "This server is not the leader for that topic-partition"))).toBe("debug");
    expect(kafkajsLogLevel(logLevel.ERROR, entry("Response Metadata(key: 3, version: 6)", "There is no leader for this topic-partition as we are in the middle of a leadership election"))).toBe("debug");
    expect(kafkajsLogLevel(logLevel.ERROR, entry("Response Produce(key: 0, version: 7)", "This server does not host this topic-partition"))).toBe("debug");
  });

  it("makes a heartbeat's or sync's answer that the group is rebalancing debug: a replica joined or left, kafkajs rejoins", () => {
    expect(kafkajsLogLevel(logLevel.ERROR, entry("Response Heartbeat(key: 12, version: 3)", "The group is rebalancing, so a rejoin is needed"))).toBe("debug");
    expect(kafkajsLogLevel(logLevel.ERROR, entry("Response SyncGroup(key: 14, version: 3)", "The group is rebalancing, so a rejoin is needed"))).toBe("debug");
  });

  it("makes CreateTopics' per-topic errors debug: processes starting together create the same topics, kafkajs resolves \"already exists\"", () => {
    expect(kafkajsLogLevel(logLevel.ERROR, entry("Response CreateTopics(key: 19, version: 3)", "Topic creation errors"))).toBe("debug");
    expect(kafkajsLogLevel(logLevel.ERROR, entry("Response CreateTopics(key: 19, version: 3)", "Cluster authorization failed"))).toBe("error");
  });

  it("keeps every other error an error: another protocol error, or the same words outside a response", () => {
    expect(kafkajsLogLevel(logLevel.ERROR, entry("Response SaslAuthenticate(key: 36, version: 1)", "Authentication failed"))).toBe("error");
    expect(kafkajsLogLevel(logLevel.ERROR, entry("[Consumer] Crash: KafkaJSNumberOfRetriesExceeded: This server is not the leader for that topic-partition", "This server is not the leader for that topic-partition"))).toBe("error");
    expect(kafkajsLogLevel(logLevel.ERROR, entry("Connection error: connect ECONNREFUSED 127.0.0.1:9092"))).toBe("error");
  });

  it("keeps warnings warnings and the rest debug", () => {
    expect(kafkajsLogLevel(logLevel.WARN, entry("Response ListOffsets(key: 2, version: 3)", "This server is not the leader for that topic-partition"))).toBe("warn");
    expect(kafkajsLogLevel(logLevel.INFO, entry("Starting"))).toBe("debug");
  });
});

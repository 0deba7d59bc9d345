import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConfigError, envBoolean, kafkaEnvShape, mongoEnvShape, parseConfig, serviceEnvShape } from "./config.ts";

const schema = z.object({ ...serviceEnvShape, ...mongoEnvShape, ...kafkaEnvShape, PORT: z.coerce.number().int(), FLAG: envBoolean.default(false) });

describe("parseConfig", () => {
  it("fills local defaults outside production, so a developer needs no .env", () => {
    const config = parseConfig("identity", schema, { PORT: "4001" });
    expect(config.MONGO_URL).toBe("mongodb://127.0.0.1:27017/");
    expect(config.KAFKA_BROKERS).toEqual(["127.0.0.1:9092"]);
    expect(config.NODE_ENV).toBe("development");
  });

  it("names an unset MONGO_URL in production, where nothing is defaulted", () => {
    const attempt = () => parseConfig("identity", schema, { NODE_ENV: "production", PORT: "4001", KAFKA_BROKERS: "k:9092" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/MONGO_URL is not set/);
  });

  it("names a malformed variable with what is wrong", () => {
    expect(() => parseConfig("identity", schema, { PORT: "4001", MONGO_URL: "postgres://x" })).toThrow(/MONGO_URL: must be a mongodb:\/\/ URL/);
  });

  it("reads booleans strictly, so 'false' is false and 'no' is an error", () => {
    expect(parseConfig("x", schema, { PORT: "1", FLAG: "false" }).FLAG).toBe(false);
    expect(parseConfig("x", schema, { PORT: "1", FLAG: "true" }).FLAG).toBe(true);
    expect(() => parseConfig("x", schema, { PORT: "1", FLAG: "no" })).toThrow(/FLAG/);
  });

  it("splits broker lists and treats an empty variable as unset", () => {
    const config = parseConfig("x", schema, { PORT: "1", KAFKA_BROKERS: " a:1, b:2 ,", MONGO_URL: "" });
    expect(config.KAFKA_BROKERS).toEqual(["a:1", "b:2"]);
    expect(config.MONGO_URL).toBe("mongodb://127.0.0.1:27017/");
  });
});

import { describe, expect, it } from "vitest";
import {
  MongoClient,
  MongoError,
  MongoInvalidArgumentError,
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoNotConnectedError,
  MongoServerClosedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from "mongodb";
import { isDatabaseUnavailable } from "./connect.ts";

// isDatabaseUnavailable tells the driver's errors by class name (so the BFF never loads the
// driver); these are the driver's own error classes, as a failing operation throws them.
describe("isDatabaseUnavailable (the driver's own errors)", () => {
  it("counts a database that cannot be reached or cannot serve, subclasses included", async () => {
    // What a client whose database is away throws: nothing listens on port 1.
    const client = new MongoClient("mongodb://127.0.0.1:1/", { serverSelectionTimeoutMS: 100 });
    const away = await client.connect().then(() => undefined, (error: unknown) => error);
    await client.close();
    expect(away).toBeInstanceOf(MongoServerSelectionError);
    expect(isDatabaseUnavailable(away)).toBe(true);
    expect(isDatabaseUnavailable(new MongoNetworkError("connection 3 to 127.0.0.1:27017 closed"))).toBe(true);
    expect(isDatabaseUnavailable(new MongoNetworkTimeoutError("connection timed out"))).toBe(true);
    expect(isDatabaseUnavailable(new MongoTopologyClosedError())).toBe(true);
    expect(isDatabaseUnavailable(new MongoServerClosedError())).toBe(true);
    expect(isDatabaseUnavailable(new MongoNotConnectedError("client must be connected"))).toBe(true);
  });

  it("counts a server error only when its code says the node cannot serve now", () => {
    expect(isDatabaseUnavailable(new MongoServerError({ message: "shutting down", code: 91 }))).toBe(true);
    expect(isDatabaseUnavailable(new MongoServerError({ message: "not primary", code: 10107 }))).toBe(true);
    expect(isDatabaseUnavailable(new MongoServerError({ message: "E11000 duplicate key error", code: 11000 }))).toBe(false);
    expect(isDatabaseUnavailable(new MongoServerError({ message: "bad query", code: 2 }))).toBe(false);
  });

  it("looks through causes, and refuses errors about the request or the code", () => {
    expect(isDatabaseUnavailable(new Error("could not store the user", { cause: new MongoNetworkTimeoutError("timed out") }))).toBe(true);
    expect(isDatabaseUnavailable(new MongoInvalidArgumentError("bad option"))).toBe(false);
    expect(isDatabaseUnavailable(new MongoError("something else"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:27017"), { code: "ECONNREFUSED", syscall: "connect" }))).toBe(true);
    expect(isDatabaseUnavailable("MongoNetworkError")).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

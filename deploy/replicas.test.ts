import { describe, expect, it } from "vitest";
import { PROCESSES } from "./processes.ts";
import { MAX_REPLICAS, parseReplicas, replicable, replicasArgument, replicaUrlsEnv, withReplicas } from "./replicas.ts";

describe("npm start -- --replicas", () => {
  it("runs each replica of a service on its own port, right after the first, and tells the callers every URL", () => {
    const counts = parseReplicas("notifications=3,events=2", PROCESSES);
    const specs = withReplicas(PROCESSES, counts);

    const names = specs.map((spec) => `${spec.name}:${spec.port}`);
    expect(names.slice(names.indexOf("events:4003"), names.indexOf("events:4003") + 5)).toEqual(["events:4003", "events#2:4103", "notifications:4004", "notifications#2:4104", "notifications#3:4204"]);
    // The same entry point and folder: the same database and consumer groups.
    expect(specs.filter((spec) => spec.service === "notifications").map((spec) => [spec.dir, spec.args])).toEqual(Array(3).fill(["services/notifications", ["src/main.ts"]]));
    expect(replicaUrlsEnv(specs, counts)).toEqual({
      NOTIFICATIONS_URL: "http://127.0.0.1:4004,http://127.0.0.1:4104,http://127.0.0.1:4204",
      EVENTS_URL: "http://127.0.0.1:4003,http://127.0.0.1:4103",
    });
  });

  it("no --replicas: every process once, on its own port", () => {
    expect(withReplicas(PROCESSES, new Map()).map((spec) => [spec.name, spec.port])).toEqual(PROCESSES.map((spec) => [spec.name, spec.port]));
  });

  it("every service at the most replicas still gives every process a port of its own", () => {
    const counts = new Map(replicable(PROCESSES).map((spec) => [spec.name, MAX_REPLICAS]));
    const ports = withReplicas(PROCESSES, counts).map((spec) => spec.port);
    expect(new Set(ports).size).toBe(ports.length);
    // Nor one of Jaeger's (npm start -- --observe): 4317, 4318, 13133, 16686.
    for (const port of [4317, 4318, 13133, 16686]) expect(ports).not.toContain(port);
  });

  it.each([
    [undefined, /^--replicas: no value; expected service=count/],
    ["", /^--replicas: no value/],
    ["--smoke", /^--replicas: no value/],
    ["events", /^--replicas: "events" is not service=count/],
    ["calender=2", /^--replicas: unknown service "calender"; .*services: identity, relationships, events, notifications, agent, usage, calendar, recipes/],
    ["bff=2", /^--replicas: "bff" is not a service that runs as replicas/],
    ["web=2", /^--replicas: "web" is not a service that runs as replicas/],
    ["events=0", /^--replicas: "events=0": the count must be a whole number from 1 to 9/],
    ["events=two", /^--replicas: "events=two": the count must be a whole number/],
    ["events=2.5", /^--replicas: "events=2.5": the count must be a whole number/],
    ["events=-1", /^--replicas: "events=-1": the count must be a whole number/],
    ["events=", /^--replicas: "events=": the count must be a whole number/],
    ["events=10", /^--replicas: "events=10": the count must be a whole number from 1 to 9/],
    ["events=2,events=3", /^--replicas: "events" is given twice/],
    ["events=2,", /^--replicas: "" is not service=count/],
  ])("refuses %j, naming the argument", (value, message) => {
    expect(() => parseReplicas(value, PROCESSES)).toThrow(message);
  });

  it("finds the value after --replicas or after --replicas=", () => {
    expect(replicasArgument(["--smoke", "--replicas", "events=2"])).toEqual({ isGiven: true, value: "events=2" });
    expect(replicasArgument(["--replicas=events=2", "--smoke"])).toEqual({ isGiven: true, value: "events=2" });
    expect(replicasArgument(["--replicas"])).toEqual({ isGiven: true, value: undefined });
    expect(replicasArgument(["--smoke"])).toEqual({ isGiven: false, value: undefined });
  });
});

import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml, parseAllDocuments } from "yaml";
import { ALL_TOPICS, DLQ_RETENTION_MS, TOPIC_RETENTION_MS } from "@amia/contracts";
import { nodeOptions, PROCESSES } from "../processes.ts";
import {
  consumerGroupsInSource,
  documentedSecrets,
  KIT_DRAIN_SECONDS,
  manifestProblems,
  parseTopicDeclarations,
  type CheckOptions,
  type K8sObject,
  RUNTIME_VARIABLES,
} from "./checks.ts";
import { CLUSTER_PROCESSES, LOCAL_ONLY_PROCESSES } from "./cluster-processes.ts";
import { ENV_SCHEMAS } from "./env-schemas.ts";

/**
 * The manifests as written (base/ and components/autoscaling/, read with the yaml package, no
 * kustomize), held to the rules of checks.ts: every process of deploy/processes.ts meant for the
 * cluster has its Deployment (probes, resources, security, shutdown), Service, PDB and
 * NetworkPolicy; every consumer a ScaledObject within its topics' partitions. `npm run
 * k8s:validate` holds the rendered overlays to the same rules and to the Kubernetes API schemas.
 */
const here = import.meta.dirname;
const root = join(here, "../..");

/** The objects a kustomization lists (files and folders, recursively); generators aside. */
function objectsOf(kustomizationDir: string): K8sObject[] {
  const kustomization = parseYaml(readFileSync(join(kustomizationDir, "kustomization.yaml"), "utf8")) as { resources?: string[] };
  return (kustomization.resources ?? []).flatMap((entry) => {
    const path = join(kustomizationDir, entry);
    if (statSync(path).isDirectory()) return objectsOf(path);
    return parseAllDocuments(readFileSync(path, "utf8"))
      .map((document) => document.toJS() as K8sObject | null)
      .filter((object): object is K8sObject => object !== null);
  });
}

const base = objectsOf(join(here, "base"));
const autoscaling = objectsOf(join(here, "components/autoscaling"));
const topics = parseTopicDeclarations(readFileSync(join(here, "base/kafka-topics/topics.txt"), "utf8"));
const options: CheckOptions = {
  processes: CLUSTER_PROCESSES,
  contractTopics: ALL_TOPICS,
  topics,
  consumerGroups: consumerGroupsInSource(root, CLUSTER_PROCESSES),
  documentedSecrets: documentedSecrets(readFileSync(join(here, "secrets.example"), "utf8")),
  hasAutoscaling: true,
  isComplete: false,
};
const manifests = [...base, ...autoscaling];
const named = (kind: string, name: string, objects: K8sObject[] = manifests) => objects.find((o) => o.kind === kind && o.metadata.name === name)!;

describe("deploy/k8s manifests", () => {
  it("give every process meant for the cluster its Deployment, Service, PDB and NetworkPolicy, and no stand-in any", () => {
    for (const spec of CLUSTER_PROCESSES) {
      for (const kind of ["Deployment", "Service", "PodDisruptionBudget", "NetworkPolicy"]) {
        expect(named(kind, spec.name), `${kind} ${spec.name}`).toBeDefined();
      }
    }
    expect(CLUSTER_PROCESSES.map((spec) => spec.name)).toEqual(PROCESSES.filter((spec) => !LOCAL_ONLY_PROCESSES.has(spec.name)).map((spec) => spec.name));
    const deployed = base.filter((o) => o.kind === "Deployment").map((o) => o.metadata.name);
    for (const standIn of LOCAL_ONLY_PROCESSES) expect(deployed).not.toContain(standIn);
  });

  it("keep every rule of checks.ts: probes, resources, security, shutdown, network policies, autoscaling, topics", () => {
    expect(manifestProblems(manifests, options)).toEqual([]);
  });

  it("scale each consuming service with KEDA on its own consumer groups, never past its topics' partitions", () => {
    // The groups found in the sources, so a new consumer without a trigger fails the rules above.
    expect(Object.fromEntries([...options.consumerGroups].map(([name, groups]) => [name, [...groups].sort()]))).toEqual({
      bff: ["bff.notifications-fanout"],
      calendar: ["calendar.sharing", "calendar.sync"],
      events: ["events.calendar", "events.projections"],
      notifications: ["notifications.builder", "notifications.recipient-zones"],
      relationships: ["relationships.accepted-requests", "relationships.users"],
      usage: ["usage.recorder"],
    });
    for (const name of ["calendar", "events", "notifications", "relationships", "usage"]) {
      const scaled = named("ScaledObject", name);
      for (const trigger of scaled.spec.triggers.filter((t: { type: string }) => t.type === "kafka")) {
        const declared = topics.find((topic) => topic.name === trigger.metadata.topic);
        expect(declared, `${name}: ${trigger.metadata.topic}`).toBeDefined();
        expect(scaled.spec.maxReplicaCount).toBeLessThanOrEqual(declared!.partitions);
      }
    }
  });

  it("declare every topic of the contracts and its dead-letter topic, with partitions and retention", () => {
    const declared = new Map(topics.map((topic) => [topic.name, topic]));
    for (const topic of ALL_TOPICS) {
      expect(declared.get(topic)?.partitions, topic).toBeGreaterThanOrEqual(1);
      expect(declared.get(`${topic}.dlq`)?.partitions, `${topic}.dlq`).toBeGreaterThanOrEqual(1);
    }
    // Projections are rebuilt by reading these from the start: never expired.
    expect(declared.get("users")?.retentionMs).toBe(-1);
    expect(declared.get("relationships")?.retentionMs).toBe(-1);
    // The same retention the services' ensureTopics applies (contracts TOPIC_RETENTION_MS).
    for (const topic of ALL_TOPICS) {
      expect(declared.get(topic)?.retentionMs, topic).toBe(TOPIC_RETENTION_MS[topic]);
      expect(declared.get(`${topic}.dlq`)?.retentionMs, `${topic}.dlq`).toBe(DLQ_RETENTION_MS);
    }
  });

  it("give each process the V8 flags npm start and the image give it (deploy/processes.ts nodeOptions)", () => {
    for (const spec of CLUSTER_PROCESSES.filter((candidate) => candidate.name !== "web")) {
      const env = named("Deployment", spec.name).spec.template.spec.containers[0].env as Array<{ name: string; value?: string }>;
      expect(env.find((variable) => variable.name === "NODE_OPTIONS")?.value, spec.name).toBe(nodeOptions(spec));
    }
  });

  it("keep Node's compile cache on each pod's /tmp emptyDir, which outlives a crashed container", () => {
    // base/common.env feeds the amia-common ConfigMap every Node process reads.
    const cache = /^NODE_COMPILE_CACHE=(.*)$/m.exec(readFileSync(join(here, "base/common.env"), "utf8"))?.[1];
    expect(cache).toMatch(/^\/tmp\//);
    for (const spec of CLUSTER_PROCESSES.filter((candidate) => candidate.name !== "web")) {
      const pod = named("Deployment", spec.name).spec.template.spec;
      const tmp = pod.containers[0].volumeMounts?.find((mount: { mountPath: string }) => mount.mountPath === "/tmp");
      expect(pod.volumes?.find((volume: { name: string; emptyDir?: unknown }) => volume.name === tmp?.name)?.emptyDir, spec.name).toBeDefined();
      expect(pod.containers[0].envFrom?.some((source: { configMapRef?: { name: string } }) => source.configMapRef?.name === "amia-common"), spec.name).toBe(true);
    }
  });

  it("take the drain budget the grace periods cover from the service kit itself", () => {
    const runService = readFileSync(join(root, "services/kit/src/http/run-service.ts"), "utf8");
    const drainMs = /drainTimeoutMs = ([\d_]+)/.exec(runService)?.[1];
    expect(Number(drainMs?.replaceAll("_", "")) / 1000).toBe(KIT_DRAIN_SECONDS);
  });

  it("set only variables each process reads, in its settings and its Deployment", () => {
    const envFile = (path: string) =>
      readFileSync(path, "utf8")
        .split("\n")
        .filter((line) => line.trim() && !line.startsWith("#"))
        .map((line) => line.slice(0, line.indexOf("=")));
    const common = envFile(join(here, "base/common.env"));
    const services = envFile(join(here, "base/services.env"));
    for (const [name, schema] of Object.entries(ENV_SCHEMAS)) {
      const deployment = named("Deployment", name);
      const set = [
        ...common,
        ...(name === "bff" ? [] : services),
        ...envFile(join(here, "base", name, "config.env")),
        ...deployment.spec.template.spec.containers[0].env.map((variable: { name: string }) => variable.name).filter((variable: string) => variable !== "NODE_OPTIONS"),
      ];
      const unread = set.filter((variable) => !(variable in schema.shape) && !RUNTIME_VARIABLES.has(variable));
      expect(unread, name).toEqual([]);
    }
  });

  describe("the rules catch what they are for", () => {
    const broken = (change: (objects: K8sObject[]) => void) => {
      const objects = structuredClone(manifests);
      change(objects);
      return manifestProblems(objects, options);
    };
    const container = (objects: K8sObject[], name: string) => named("Deployment", name, objects).spec.template.spec.containers[0];

    it("a probe on the wrong path, a missing limit, a writable root filesystem", () => {
      expect(
        broken((objects) => {
          container(objects, "events").readinessProbe.httpGet.path = "/healthz";
          delete container(objects, "bff").resources.limits.memory;
          container(objects, "web").securityContext.readOnlyRootFilesystem = false;
        }),
      ).toEqual([
        "Deployment events: readinessProbe must GET /readyz on port http",
        "Deployment bff: memory request and limit must both be set",
        "Deployment web: readOnlyRootFilesystem must be true",
      ]);
    });

    it("a grace period within the shutdown budget, a missing PDB, root", () => {
      expect(
        broken((objects) => {
          named("Deployment", "calendar", objects).spec.template.spec.terminationGracePeriodSeconds = 20;
          objects.splice(objects.indexOf(named("PodDisruptionBudget", "recipes", objects)), 1);
          named("Deployment", "usage", objects).spec.template.spec.securityContext.runAsUser = 0;
        }),
      ).toEqual([
        "Deployment usage: must name a non-zero runAsUser",
        "Deployment calendar: terminationGracePeriodSeconds 20 must exceed the shutdown budget (25 s)",
        "process recipes has no PodDisruptionBudget",
      ]);
    });

    it("a call the architecture does not make, a missing one, the internet for a service that never calls it", () => {
      const problems = broken((objects) => {
        // recipes calling identity; the agent no longer reaching usage; identity on the internet.
        named("NetworkPolicy", "recipes", objects).spec.egress.push({ to: [{ podSelector: { matchLabels: { "app.kubernetes.io/name": "identity" } } }], ports: [{ protocol: "TCP", port: 4001 }] });
        const agent = named("NetworkPolicy", "agent", objects);
        agent.spec.egress = agent.spec.egress.filter((rule: { to: Array<{ podSelector?: { matchLabels?: Record<string, string> } }> }) => rule.to[0]?.podSelector?.matchLabels?.["app.kubernetes.io/name"] !== "usage");
        named("NetworkPolicy", "identity", objects).spec.egress.push(named("NetworkPolicy", "agent", objects).spec.egress.at(-1));
      });
      expect(problems).toEqual([
        "NetworkPolicy identity: reaches the internet, which it never calls",
        "NetworkPolicy agent: egress to pods must be exactly [bff:3000, calendar:4007, events:4003, notifications:4004, relationships:4002, usage:4006], is [bff:3000, calendar:4007, events:4003, notifications:4004, relationships:4002]",
        "NetworkPolicy recipes: egress to pods must be exactly [bff:3000], is [bff:3000, identity:4001]",
      ]);
    });

    it("a consumer scaled past its partitions, a consumer group without a trigger, an undeclared topic", () => {
      const problems = manifestProblems(
        (() => {
          const objects = structuredClone(manifests);
          named("ScaledObject", "usage", objects).spec.maxReplicaCount = 13;
          const events = named("ScaledObject", "events", objects);
          events.spec.triggers = events.spec.triggers.filter((t: { metadata: { consumerGroup?: string } }) => t.metadata.consumerGroup !== "events.calendar");
          return objects;
        })(),
        { ...options, topics: topics.filter((topic) => topic.name !== "ai-credits.dlq") },
      );
      expect(problems).toEqual([
        "topic ai-credits.dlq (contracts/src/events/topics.ts) is not declared in kafka-topics/topics.txt",
        "ScaledObject events: kafka triggers must cover exactly its consumer groups [events.calendar, events.projections], cover [events.projections]",
        "ScaledObject usage: maxReplicaCount 13 exceeds the 12 partitions of ai-usage",
      ]);
    });

    it("a client label that disagrees with deploy/processes.ts, a Secret nobody makes", () => {
      expect(
        broken((objects) => {
          named("Deployment", "recipes", objects).spec.template.metadata.labels["amia/redis-client"] = "true";
          container(objects, "identity").env.push({ name: "MFA_ENCRYPTION_KEY_OLD", valueFrom: { secretKeyRef: { name: "identity-secrets", key: "OLD_KEY" } } });
        }),
      ).toEqual([
        'Deployment recipes: label amia/redis-client must be absent (deploy/processes.ts needs: mongo, kafka)',
        "Deployment identity: Secret identity-secrets key OLD_KEY is neither made here nor in secrets.example",
      ]);
    });
  });
});

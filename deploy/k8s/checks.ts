import { readdirSync, readFileSync, type Dirent } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { ConfigError, parseConfig } from "@amia/kit";
import { AGENT_ON_BEHALF_OF, ROUTES } from "../../bff/src/routes/catalogue.ts";
import type { ProcessSpec } from "../processes.ts";

/**
 * The rules deploy/k8s's manifests keep, as one function over a list of Kubernetes objects: the
 * unit test (manifests.test.ts) runs it on the base and the autoscaling component as written,
 * and `npm run k8s:validate` on every rendered overlay. Each problem is a sentence naming the
 * object; none means every rule holds.
 */

/** Only the fields the rules read; everything else is left to the API schemas (validate.ts). */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  // Manifests are free-form YAML: each rule narrows what it reads.
  spec?: any;
  data?: Record<string, string>;
}

export interface TopicDeclaration {
  name: string;
  partitions: number;
  retentionMs: number;
}

/**
 * In-flight requests get this long after SIGTERM (services/kit/src/http/run-service.ts,
 * `drainTimeoutMs`; the unit test reads it from there, so a change fails it here).
 */
export const KIT_DRAIN_SECONDS = 10;
/** Shutdown after the drain: consumers leave their groups, relays stop, clients close. */
const SHUTDOWN_STEPS_SECONDS = 10;

/** The processes whose egress reaches the internet on 443, and what they reach there. */
export const INTERNET_EGRESS: Readonly<Record<string, string>> = {
  bff: "Google sign-in (OIDC discovery, token endpoint, JWKS)",
  calendar: "Google's OAuth token endpoint and Calendar API",
  agent: "the OpenAI API",
};

/**
 * Consumers scaled by a HorizontalPodAutoscaler rather than KEDA, and the topics their groups
 * read: the BFF's fan-out group relays live notifications; its load is HTTP.
 */
export const HPA_SCALED_CONSUMERS: Readonly<Record<string, readonly string[]>> = { bff: ["notifications"] };

/** The pods' label saying a process is a client of a piece of infrastructure (deploy/processes.ts `needs`). */
export const clientLabel = (need: string) => `amia/${need}-client`;
const NAME = "app.kubernetes.io/name";
const SERVICE_NAMES = [...new Set(ROUTES.map((route) => route.service))];

/**
 * Every call the architecture makes between processes, as (caller → callee): the web pods'
 * nginx forwards to the BFF, the BFF to every service of its route catalogue, the agent to the
 * services it may call as the user (AGENT_ON_BEHALF_OF), every service to the BFF's JWKS.
 */
export function expectedCalls(processes: readonly ProcessSpec[]): Array<[string, string]> {
  const names = new Set(processes.map((p) => p.name));
  const calls: Array<[string, string]> = [["web", "bff"], ...SERVICE_NAMES.map((service): [string, string] => ["bff", service])];
  calls.push(...AGENT_ON_BEHALF_OF.map((service): [string, string] => ["agent", service]));
  calls.push(...SERVICE_NAMES.map((service): [string, string] => [service, "bff"]));
  return calls.filter(([from, to]) => names.has(from) && names.has(to));
}

/** topics.txt: `name partitions retention.ms` per line; # comments. */
export function parseTopicDeclarations(text: string): TopicDeclaration[] {
  return text
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean)
    .map((line) => {
      const [name = "", partitions = "", retention = ""] = line.split(/\s+/);
      return { name, partitions: Number(partitions), retentionMs: Number(retention) };
    });
}

/** The Secrets and keys secrets.example makes (`apply <name> --from-literal=KEY=...`). */
export function documentedSecrets(text: string): Map<string, Set<string>> {
  const secrets = new Map<string, Set<string>>();
  let current: Set<string> | undefined;
  for (const line of text.split("\n")) {
    const named = /^apply ([a-z0-9-]+)/.exec(line);
    if (named) secrets.set(named[1]!, (current = new Set()));
    const key = /--from-literal=([A-Za-z0-9_]+)=/.exec(line);
    if (key && current) current.add(key[1]!);
  }
  return secrets;
}

/**
 * Consumer groups per process, from its sources (tests and testing helpers aside): the string
 * given as `groupId:`, or held by a constant whose name says GROUP (`USERS_CONSUMER_GROUP =
 * "relationships.users"`, `GROUPS = { projections: "events.projections", ... }`).
 */
export function consumerGroupsInSource(root: string, processes: readonly ProcessSpec[]): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  for (const spec of processes) {
    const found = new Set<string>();
    for (const file of sourceFiles(join(root, spec.dir, "src"))) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/(?:\b[A-Z_]*GROUP[A-Z_]*\s*=|groupId:)\s*"([^"]+)"/g)) found.add(match[1]!);
      for (const match of text.matchAll(/\b[A-Z_]*GROUPS\s*=\s*\{([^}]*)\}/g)) for (const literal of match[1]!.matchAll(/"([^"]+)"/g)) found.add(literal[1]!);
    }
    if (found.size > 0) groups.set(spec.name, found);
  }
  return groups;
}

function sourceFiles(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

export interface CheckOptions {
  /** The processes that run in the cluster (cluster-processes.ts). */
  processes: readonly ProcessSpec[];
  /** Every topic of the contracts' catalogue (each also has `<topic>.dlq`). */
  contractTopics: readonly string[];
  topics: readonly TopicDeclaration[];
  /** Consumer groups per process, from the sources (consumerGroupsInSource). */
  consumerGroups: ReadonlyMap<string, ReadonlySet<string>>;
  /** Secrets made by hand (secrets.example): a secretKeyRef must name one of these or a rendered Secret. */
  documentedSecrets: ReadonlyMap<string, ReadonlySet<string>>;
  /** Check the autoscalers (prod, and the autoscaling component). */
  hasAutoscaling: boolean;
  /** A whole overlay: every ConfigMap referred to is there, and the infrastructure's policies. */
  isComplete: boolean;
}

export function manifestProblems(objects: readonly K8sObject[], options: CheckOptions): string[] {
  const problems: string[] = [];
  const say = (problem: string) => problems.push(problem);
  const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
  const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
  const partitionsOf = new Map(options.topics.map((t) => [t.name, t.partitions]));

  // Topics: the catalogue's, each with its dead-letter topic, and nothing else.
  const wanted = options.contractTopics.flatMap((topic) => [topic, `${topic}.dlq`]);
  for (const topic of wanted) if (!partitionsOf.has(topic)) say(`topic ${topic} (contracts/src/events/topics.ts) is not declared in kafka-topics/topics.txt`);
  for (const declared of options.topics) {
    if (!wanted.includes(declared.name)) say(`topics.txt declares ${declared.name}, which is not in the contracts' topic catalogue`);
    if (!Number.isInteger(declared.partitions) || declared.partitions < 1) say(`topics.txt: ${declared.name} needs a whole number of partitions, 1 or more`);
    if (!Number.isInteger(declared.retentionMs) || declared.retentionMs < -1 || declared.retentionMs === 0) say(`topics.txt: ${declared.name} needs retention.ms: -1 (for ever) or a positive number`);
  }

  const defaultDeny = find("NetworkPolicy", "default-deny");
  if (!defaultDeny || Object.keys(defaultDeny.spec?.podSelector ?? {}).length > 0 || !sameSet(defaultDeny.spec?.policyTypes, ["Ingress", "Egress"]) || defaultDeny.spec?.ingress || defaultDeny.spec?.egress) {
    say("NetworkPolicy default-deny must select every pod and deny all ingress and egress");
  }
  const dns = find("NetworkPolicy", "allow-dns");
  if (!dns || Object.keys(dns.spec?.podSelector ?? {}).length > 0 || !(dns.spec?.egress ?? []).some((rule: any) => (rule.ports ?? []).some((p: any) => p.port === 53 && p.protocol === "UDP"))) {
    say("NetworkPolicy allow-dns must let every pod reach the cluster DNS on UDP 53");
  }

  const calls = expectedCalls(options.processes);
  for (const spec of options.processes) {
    const name = spec.name;
    const deployment = find("Deployment", name);
    if (!deployment) {
      say(`process ${name} has no Deployment`);
      continue;
    }
    const pod = deployment.spec?.template?.spec ?? {};
    const podLabels: Record<string, string> = deployment.spec?.template?.metadata?.labels ?? {};
    const containers: any[] = pod.containers ?? [];
    const container = containers.find((c) => c.name === name);
    if (!container) {
      say(`Deployment ${name} has no container named ${name}`);
      continue;
    }
    if (podLabels[NAME] !== name || deployment.spec?.selector?.matchLabels?.[NAME] !== name) say(`Deployment ${name}: its pods and selector must carry ${NAME}=${name}`);
    const port = (container.ports ?? []).find((p: any) => p.name === "http")?.containerPort;
    // Others call each process at the port deploy/processes.ts gives it (as in docker-compose.yml);
    // the web pods' nginx listens on 80 (deploy/docker/nginx.conf).
    const expectedPort = name === "web" ? 80 : spec.port;
    if (port !== expectedPort) say(`Deployment ${name}: container port "http" must be ${expectedPort}, is ${port}`);

    // Probes: startup and readiness on /readyz, liveness on /healthz. The web pods' nginx has
    // only /healthz (deploy/docker/nginx.conf): nothing of its own to wait for.
    const readyPath = name === "web" ? "/healthz" : "/readyz";
    for (const [probe, path] of [["startupProbe", readyPath], ["readinessProbe", readyPath], ["livenessProbe", "/healthz"]] as const) {
      const get = container[probe]?.httpGet;
      if (get?.path !== path || get?.port !== "http") say(`Deployment ${name}: ${probe} must GET ${path} on port http`);
    }

    // Resources: requests and limits for CPU and memory, requests within limits.
    for (const resource of ["cpu", "memory"] as const) {
      const request = container.resources?.requests?.[resource];
      const limit = container.resources?.limits?.[resource];
      if (request === undefined || limit === undefined) say(`Deployment ${name}: ${resource} request and limit must both be set`);
      else if (quantity(request) > quantity(limit)) say(`Deployment ${name}: ${resource} request ${request} is above its limit ${limit}`);
    }
    const heap = /--max-old-space-size=(\d+)/.exec((container.env ?? []).find((e: any) => e.name === "NODE_OPTIONS")?.value ?? "")?.[1];
    if (name !== "web") {
      const limitMiB = quantity(container.resources?.limits?.memory ?? "0") / 2 ** 20;
      if (!heap) say(`Deployment ${name}: NODE_OPTIONS must cap V8's heap (--max-old-space-size) below the memory limit`);
      else if (limitMiB > 0 && Number(heap) > limitMiB * 0.8) say(`Deployment ${name}: a ${heap} MiB heap leaves too little of the ${limitMiB} MiB limit for the rest of the process`);
    }

    // Shutdown: the grace period covers preStop, the drain and the shutdown steps.
    const preStop = container.lifecycle?.preStop?.sleep?.seconds ?? 0;
    const grace = pod.terminationGracePeriodSeconds ?? 30;
    const budget = preStop + (name === "web" ? 0 : KIT_DRAIN_SECONDS + SHUTDOWN_STEPS_SECONDS);
    if (preStop < 1) say(`Deployment ${name}: a preStop sleep must let endpoints update before SIGTERM`);
    if (grace <= budget) say(`Deployment ${name}: terminationGracePeriodSeconds ${grace} must exceed the shutdown budget (${budget} s)`);

    // Security: non-root, read-only root filesystem, no capabilities, no escalation, seccomp.
    const podSecurity = pod.securityContext ?? {};
    const security = container.securityContext ?? {};
    const effective = (field: string) => security[field] ?? podSecurity[field];
    if (effective("runAsNonRoot") !== true) say(`Deployment ${name}: must run as non-root (runAsNonRoot)`);
    if (!(effective("runAsUser") > 0)) say(`Deployment ${name}: must name a non-zero runAsUser`);
    if (security.readOnlyRootFilesystem !== true) say(`Deployment ${name}: readOnlyRootFilesystem must be true`);
    if (security.allowPrivilegeEscalation !== false) say(`Deployment ${name}: allowPrivilegeEscalation must be false`);
    if (!(security.capabilities?.drop ?? []).includes("ALL") || (security.capabilities?.add ?? []).length > 0) say(`Deployment ${name}: must drop ALL capabilities and add none`);
    if ((security.seccompProfile ?? podSecurity.seccompProfile)?.type !== "RuntimeDefault") say(`Deployment ${name}: seccompProfile must be RuntimeDefault`);
    if (pod.automountServiceAccountToken !== false) say(`Deployment ${name}: needs no Kubernetes API token (automountServiceAccountToken: false)`);
    const tmp = (container.volumeMounts ?? []).find((m: any) => m.mountPath === "/tmp");
    if (!tmp || !(pod.volumes ?? []).some((v: any) => v.name === tmp.name && v.emptyDir)) say(`Deployment ${name}: /tmp must be an emptyDir (the root filesystem is read-only)`);

    // Infrastructure: the client labels say exactly what deploy/processes.ts says it needs.
    for (const need of ["mongo", "kafka", "redis"] as const) {
      const isLabelled = podLabels[clientLabel(need)] === "true";
      if (isLabelled !== spec.needs.includes(need)) say(`Deployment ${name}: label ${clientLabel(need)} must be ${spec.needs.includes(need) ? '"true"' : "absent"} (deploy/processes.ts needs: ${spec.needs.join(", ") || "nothing"})`);
    }

    // Service: same name (the host others call), the pods, the port.
    const service = find("Service", name);
    if (!service) say(`process ${name} has no Service`);
    else {
      if (service.spec?.selector?.[NAME] !== name) say(`Service ${name} must select ${NAME}=${name}`);
      const servicePort = (service.spec?.ports ?? []).find((p: any) => p.name === "http");
      if (servicePort?.port !== expectedPort || servicePort?.targetPort !== "http") say(`Service ${name} must offer port ${expectedPort} to the container's "http"`);
    }

    const pdb = find("PodDisruptionBudget", name);
    if (!pdb) say(`process ${name} has no PodDisruptionBudget`);
    else if (pdb.spec?.selector?.matchLabels?.[NAME] !== name || (pdb.spec?.maxUnavailable === undefined && pdb.spec?.minAvailable === undefined)) say(`PodDisruptionBudget ${name} must select its pods and bound their disruption`);

    // NetworkPolicy: exactly the architecture's calls in and out, on the callee's port.
    const policy = find("NetworkPolicy", name);
    if (!policy) {
      say(`process ${name} has no NetworkPolicy`);
      continue;
    }
    if (policy.spec?.podSelector?.matchLabels?.[NAME] !== name || !sameSet(policy.spec?.policyTypes, ["Ingress", "Egress"])) say(`NetworkPolicy ${name} must select ${NAME}=${name} for both ingress and egress`);
    const portOf = (callee: string) => (callee === "web" ? 80 : options.processes.find((p) => p.name === callee)!.port);
    const allowedIn = podPeers(policy.spec?.ingress ?? [], "from");
    const allowedOut = podPeers(policy.spec?.egress ?? [], "to");
    const callersIn = calls.filter(([, to]) => to === name).map(([from]) => `${from}:${portOf(name)}`);
    const calleesOut = calls.filter(([from]) => from === name).map(([, to]) => `${to}:${portOf(to)}`);
    if (!sameSet(allowedIn, callersIn)) say(`NetworkPolicy ${name}: ingress from pods must be exactly [${callersIn.sort().join(", ")}], is [${allowedIn.sort().join(", ")}]`);
    if (!sameSet(allowedOut, calleesOut)) say(`NetworkPolicy ${name}: egress to pods must be exactly [${calleesOut.sort().join(", ")}], is [${allowedOut.sort().join(", ")}]`);
    const toInternet = (policy.spec?.egress ?? []).some((rule: any) => (rule.to ?? []).some((peer: any) => peer.ipBlock?.cidr === "0.0.0.0/0"));
    if (toInternet !== name in INTERNET_EGRESS) say(`NetworkPolicy ${name}: ${toInternet ? "reaches the internet, which it never calls" : `must reach ${INTERNET_EGRESS[name]} (HTTPS to the internet)`}`);
    for (const rule of policy.spec?.egress ?? []) {
      const isInternet = (rule.to ?? []).some((peer: any) => peer.ipBlock);
      if (isInternet && !sameSet((rule.ports ?? []).map((p: any) => `${p.protocol}/${p.port}`), ["TCP/443"])) say(`NetworkPolicy ${name}: the internet only on TCP 443`);
      if (isInternet && !(rule.to ?? []).every((peer: any) => (peer.ipBlock?.except ?? []).includes(peer.ipBlock?.cidr === "::/0" ? "fc00::/7" : "10.0.0.0/8"))) say(`NetworkPolicy ${name}: the internet rule must leave out private addresses`);
    }
  }

  // Autoscaling: HTTP-only processes by HPA, consumers by KEDA on their groups' lag, never both,
  // and never more replicas than the partitions of the topics they read.
  if (options.hasAutoscaling) {
    for (const spec of options.processes) {
      const name = spec.name;
      const hpa = find("HorizontalPodAutoscaler", name);
      const scaled = find("ScaledObject", name);
      const groups = options.consumerGroups.get(name);
      if (hpa && scaled) say(`${name} has both an HPA and a ScaledObject: they would fight over its replicas`);
      if (groups && !(name in HPA_SCALED_CONSUMERS)) {
        if (!scaled) {
          say(`${name} consumes Kafka (groups ${[...groups].join(", ")}) but has no KEDA ScaledObject`);
          continue;
        }
        if (scaled.apiVersion !== "keda.sh/v1alpha1" || scaled.spec?.scaleTargetRef?.name !== name) say(`ScaledObject ${name} must be keda.sh/v1alpha1 and scale Deployment ${name}`);
        const triggers: any[] = (scaled.spec?.triggers ?? []).filter((t: any) => t.type === "kafka");
        const triggerGroups = new Set(triggers.map((t) => t.metadata?.consumerGroup));
        if (!sameSet([...triggerGroups], [...groups])) say(`ScaledObject ${name}: kafka triggers must cover exactly its consumer groups [${[...groups].sort().join(", ")}], cover [${[...triggerGroups].sort().join(", ")}]`);
        const max = scaled.spec?.maxReplicaCount;
        if (!(max >= 1)) say(`ScaledObject ${name} needs a maxReplicaCount`);
        for (const trigger of triggers) {
          const topic = trigger.metadata?.topic;
          if (trigger.metadata?.bootstrapServersFromEnv !== "KAFKA_BROKERS") say(`ScaledObject ${name}: trigger ${trigger.metadata?.consumerGroup}/${topic} must read the brokers from KAFKA_BROKERS`);
          const partitions = partitionsOf.get(topic);
          if (partitions === undefined) say(`ScaledObject ${name}: trigger topic ${topic} is not declared in topics.txt`);
          else if (max > partitions) say(`ScaledObject ${name}: maxReplicaCount ${max} exceeds the ${partitions} partitions of ${topic}`);
        }
        if ((scaled.spec?.minReplicaCount ?? 0) < 2) say(`ScaledObject ${name}: it answers HTTP too, so at least 2 replicas`);
      } else {
        if (!hpa) {
          say(`${name} answers HTTP but has no HorizontalPodAutoscaler`);
          continue;
        }
        if (hpa.apiVersion !== "autoscaling/v2" || hpa.spec?.scaleTargetRef?.kind !== "Deployment" || hpa.spec?.scaleTargetRef?.name !== name) say(`HorizontalPodAutoscaler ${name} must be autoscaling/v2 and scale Deployment ${name}`);
        if ((hpa.spec?.minReplicas ?? 1) < 2) say(`HorizontalPodAutoscaler ${name}: at least 2 replicas`);
        for (const topic of HPA_SCALED_CONSUMERS[name] ?? []) {
          const partitions = partitionsOf.get(topic) ?? 0;
          if (hpa.spec?.maxReplicas > partitions) say(`HorizontalPodAutoscaler ${name}: maxReplicas ${hpa.spec?.maxReplicas} exceeds the ${partitions} partitions of ${topic}, which its consumer group reads`);
        }
      }
    }
  } else {
    for (const kind of ["HorizontalPodAutoscaler", "ScaledObject"]) for (const o of ofKind(kind)) say(`${kind} ${o.metadata.name} in an overlay without autoscaling`);
  }

  // References: every ConfigMap named is there (whole overlays), every Secret is rendered or made
  // by hand as secrets.example says, key included.
  const rendered = (kind: string, name: string) => objects.some((o) => o.kind === kind && o.metadata.name === name);
  for (const workload of [...ofKind("Deployment"), ...ofKind("Job"), ...ofKind("StatefulSet")]) {
    for (const container of workload.spec?.template?.spec?.containers ?? []) {
      for (const env of container.env ?? []) {
        const secret = env.valueFrom?.secretKeyRef;
        if (secret && !rendered("Secret", secret.name) && !options.documentedSecrets.get(secret.name)?.has(secret.key)) {
          say(`${workload.kind} ${workload.metadata.name}: Secret ${secret.name} key ${secret.key} is neither made here nor in secrets.example`);
        }
        const config = env.valueFrom?.configMapKeyRef;
        if (config && options.isComplete && !objects.find((o) => o.kind === "ConfigMap" && o.metadata.name === config.name)?.data?.[config.key]) {
          say(`${workload.kind} ${workload.metadata.name}: ConfigMap ${config.name} has no ${config.key}`);
        }
      }
      for (const from of container.envFrom ?? []) {
        if (from.configMapRef && options.isComplete && !rendered("ConfigMap", from.configMapRef.name)) say(`${workload.kind} ${workload.metadata.name}: ConfigMap ${from.configMapRef.name} is missing`);
      }
    }
  }

  if (options.isComplete) {
    // Whoever needs infrastructure can reach it: the overlay's policies for the client labels.
    for (const need of new Set(options.processes.flatMap((p) => p.needs))) {
      const allows = ofKind("NetworkPolicy").some((p) => p.spec?.podSelector?.matchLabels?.[clientLabel(need)] === "true" && (p.spec?.egress ?? []).length > 0);
      if (!allows) say(`no NetworkPolicy lets the pods labelled ${clientLabel(need)} reach ${need}`);
    }
    // The topics Job reads a copy of the brokers (components/kafka-topics-brokers).
    const brokers = objects.find((o) => o.kind === "ConfigMap" && o.metadata.name.startsWith("amia-common"))?.data?.KAFKA_BROKERS;
    const jobBrokers = find("ConfigMap", "kafka-topics")?.data?.KAFKA_BROKERS;
    if (!brokers || jobBrokers !== brokers) say(`ConfigMap kafka-topics has KAFKA_BROKERS ${jobBrokers}, amia-common ${brokers}: include components/kafka-topics-brokers`);
  }
  return problems;
}

/**
 * Stand-ins for the Secrets made by hand (secrets.example), by key: values of the right form, so
 * a configuration check can parse what a process would get. Never real secrets.
 */
export const EXAMPLE_SECRET_VALUES: Readonly<Record<string, string>> = {
  MONGO_URL: "mongodb://amia:example@mongo-0.example.internal:27017,mongo-1.example.internal:27017/?replicaSet=rs0",
  REDIS_URL: "rediss://:example@redis.example.internal:6379",
  client_secret: "example-client-secret",
  MFA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 2).toString("base64"),
  INTERNAL_JWT_PRIVATE_JWK: JSON.stringify({ kty: "EC", crv: "P-256", x: "example-x", y: "example-y", d: "example-d", kid: "example", alg: "ES256" }),
  INTERNAL_JWT_PREVIOUS_PUBLIC_JWKS: "[]",
  OPENAI_API_KEY: "sk-example",
};

/** Set for the runtime, not read by the process's schema. */
export const RUNTIME_VARIABLES: ReadonlySet<string> = new Set(["NODE_OPTIONS", "NODE_COMPILE_CACHE"]);

/**
 * Each Node process's environment as a rendered overlay gives it (its ConfigMaps, values, and
 * the Secrets: rendered ones as they are, hand-made ones as EXAMPLE_SECRET_VALUES), parsed by the
 * process's own schema as in production: a missing or malformed variable is named, and so is a
 * variable the process does not read (a typo would otherwise leave a default in force).
 */
export function configProblems(objects: readonly K8sObject[], schemas: Readonly<Record<string, z.ZodObject>>): string[] {
  const problems: string[] = [];
  const configMap = (name: string) => objects.find((o) => o.kind === "ConfigMap" && o.metadata.name === name)?.data;
  const secret = (name: string, key: string): string | undefined => {
    const rendered = objects.find((o) => o.kind === "Secret" && o.metadata.name === name) as (K8sObject & { stringData?: Record<string, string> }) | undefined;
    if (!rendered) return EXAMPLE_SECRET_VALUES[key];
    const encoded = rendered.data?.[key];
    return encoded === undefined ? rendered.stringData?.[key] : Buffer.from(encoded, "base64").toString("utf8");
  };
  for (const [name, schema] of Object.entries(schemas)) {
    const container = objects.find((o) => o.kind === "Deployment" && o.metadata.name === name)?.spec?.template?.spec?.containers?.find((c: any) => c.name === name);
    if (!container) continue;
    const env: Record<string, string | undefined> = {};
    for (const from of container.envFrom ?? []) Object.assign(env, configMap(from.configMapRef?.name) ?? {});
    for (const variable of container.env ?? []) {
      const source = variable.valueFrom;
      env[variable.name] = source?.configMapKeyRef
        ? configMap(source.configMapKeyRef.name)?.[source.configMapKeyRef.key]
        : source?.secretKeyRef
          ? secret(source.secretKeyRef.name, source.secretKeyRef.key)
          : variable.value;
    }
    const known = new Set(Object.keys(schema.shape));
    for (const variable of Object.keys(env)) {
      if (!known.has(variable) && !RUNTIME_VARIABLES.has(variable)) problems.push(`Deployment ${name} sets ${variable}, which ${name} does not read`);
    }
    try {
      parseConfig(name, schema, env, {});
      if (env.NODE_ENV !== "production") problems.push(`Deployment ${name} runs with NODE_ENV=${env.NODE_ENV}, not production`);
    } catch (error) {
      if (error instanceof ConfigError) for (const problem of error.problems) problems.push(`Deployment ${name}: its configuration would not start it: ${problem}`);
      // A schema whose refinement throws on a malformed value (rather than naming it) still fails here.
      else problems.push(`Deployment ${name}: its configuration would not start it: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
}

/** "name:port" for every pod peer (by app.kubernetes.io/name) of policy rules, with each rule's ports. */
function podPeers(rules: any[], side: "from" | "to"): string[] {
  const peers: string[] = [];
  for (const rule of rules) {
    const names = (rule[side] ?? []).flatMap((peer: any): string[] => {
      if (!peer.podSelector || peer.namespaceSelector) return [];
      const label = peer.podSelector.matchLabels?.[NAME];
      if (label) return [label];
      return (peer.podSelector.matchExpressions ?? []).filter((e: any) => e.key === NAME && e.operator === "In").flatMap((e: any) => e.values);
    });
    for (const name of names) for (const port of rule.ports ?? []) peers.push(`${name}:${port.port}`);
  }
  return peers;
}

function sameSet(actual: unknown, expected: readonly unknown[]): boolean {
  if (!Array.isArray(actual)) return false;
  const a = new Set(actual);
  const b = new Set(expected);
  return a.size === b.size && [...a].every((item) => b.has(item));
}

/** A Kubernetes quantity ("100m", "1", "512Mi", "1Gi") as a number of cores or bytes. */
export function quantity(text: string | number): number {
  const match = /^([0-9.]+)([a-zA-Z]*)$/.exec(String(text));
  if (!match) return Number.NaN;
  const units: Record<string, number> = { "": 1, m: 1e-3, k: 1e3, M: 1e6, G: 1e9, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 };
  const unit = units[match[2]!];
  return unit === undefined ? Number.NaN : Number(match[1]) * unit;
}

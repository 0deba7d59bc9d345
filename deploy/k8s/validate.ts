/**
 * `npm run k8s:validate`: renders every overlay of deploy/k8s with a pinned kustomize and
 * validates every object offline against the API schemas of a pinned Kubernetes version (and
 * KEDA's ScaledObject against KEDA's own CRD), then holds each rendered overlay to the rules of
 * checks.ts and gives each process the configuration it would get in the cluster, parsed by its
 * own environment schema as in production. Exits non-zero on any problem.
 *
 * Tools and schemas come from package registries, once, into deploy/k8s/.tools (git-ignored);
 * after that nothing is downloaded:
 *   - kustomize and kubeconform: `go install` through the Go module proxy;
 *   - the Kubernetes JSON schemas: the PyPI wheel of kubernetes-validate (checked against its
 *     sha256), which packages them per Kubernetes version;
 *   - KEDA's ScaledObject CRD: from the KEDA Go module (`go mod download`, checked by go.sum's
 *     checksum database), converted to a JSON schema here.
 */
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseAllDocuments, parse as parseYaml } from "yaml";
import { ALL_TOPICS } from "@amia/contracts";
import { configProblems, consumerGroupsInSource, documentedSecrets, manifestProblems, parseTopicDeclarations, type K8sObject } from "./checks.ts";
import { CLUSTER_PROCESSES } from "./cluster-processes.ts";
import { ENV_SCHEMAS } from "./env-schemas.ts";

/** What the manifests are validated against: the oldest Kubernetes they need is 1.30 (preStop sleep). */
export const KUBERNETES_VERSION = "1.33.0";
const KUSTOMIZE = { module: "sigs.k8s.io/kustomize/kustomize/v5", version: "v5.7.1", binary: "kustomize" };
const KUBECONFORM = { module: "github.com/yannh/kubeconform/cmd/kubeconform", version: "v0.8.0", binary: "kubeconform" };
const SCHEMAS_WHEEL = {
  name: "kubernetes-validate",
  version: "1.37.0",
  file: "kubernetes_validate-1.37.0-py3-none-any.whl",
  sha256: "85136d018a27b50ec7fc049d902bfa5193f5976807e6c0f408e3ab6fe078cad9",
};
const KEDA = { module: "github.com/kedacore/keda/v2", version: "v2.18.1", crds: { ScaledObject: "config/crd/bases/keda.sh_scaledobjects.yaml" } };
const OVERLAYS = [
  { name: "dev", hasAutoscaling: false },
  { name: "prod", hasAutoscaling: true },
];

const here = import.meta.dirname;
const root = resolve(here, "../..");
const tools = join(here, ".tools");
const kubernetesSchemas = join(tools, "schemas", "kubernetes", `v${KUBERNETES_VERSION}-local-strict`);
const crdSchemas = join(tools, "schemas", "crds");

function step(message: string) {
  console.log(`\n=== ${message}`);
}

function run(command: string, args: string[], env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd: root, env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** A Go binary at a pinned version, installed once into its own folder. */
function goTool(tool: { module: string; version: string; binary: string }): string {
  const dir = join(tools, "bin", `${tool.binary}-${tool.version}`);
  const binary = join(dir, tool.binary);
  if (!existsSync(binary)) {
    console.log(`installing ${tool.module}@${tool.version} (go install, through the Go module proxy)`);
    run("go", ["install", `${tool.module}@${tool.version}`], { GOBIN: dir });
  }
  return binary;
}

/** The Kubernetes JSON schemas of KUBERNETES_VERSION, from the kubernetes-validate wheel, made to resolve offline. */
function ensureKubernetesSchemas(): void {
  if (existsSync(join(kubernetesSchemas, "deployment-apps-v1.json"))) return;
  const downloads = join(tools, "pypi");
  const wheel = join(downloads, SCHEMAS_WHEEL.file);
  if (!existsSync(wheel)) {
    console.log(`downloading ${SCHEMAS_WHEEL.name}==${SCHEMAS_WHEEL.version} from PyPI (pip download)`);
    run("python3", ["-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:", "--dest", downloads, `${SCHEMAS_WHEEL.name}==${SCHEMAS_WHEEL.version}`]);
  }
  const digest = createHash("sha256").update(readFileSync(wheel)).digest("hex");
  if (digest !== SCHEMAS_WHEEL.sha256) {
    rmSync(wheel);
    throw new Error(`${SCHEMAS_WHEEL.file} has sha256 ${digest}, not the pinned ${SCHEMAS_WHEEL.sha256}; removed it`);
  }
  const unpacked = join(tools, "schemas", "unpacked");
  rmSync(unpacked, { recursive: true, force: true });
  const folder = `kubernetes_validate/kubernetes-json-schema/v${KUBERNETES_VERSION}-local-strict/`;
  // The wheel is a zip: Python (which pip needs anyway) takes out the one version's folder.
  run("python3", ["-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); [z.extract(n, sys.argv[2]) for n in z.namelist() if n.startswith(sys.argv[3])]", wheel, unpacked, folder]);
  const source = join(unpacked, folder);
  const staging = `${kubernetesSchemas}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const file of readdirSync(source)) {
    // Each schema names itself https://kubernetes.io/api/... and its definitions by that absolute
    // path: a validator would fetch them. Without the $id, a relative reference finds the file beside it.
    const schema = JSON.parse(readFileSync(join(source, file), "utf8")) as Record<string, unknown>;
    delete schema.$id;
    writeFileSync(join(staging, file), JSON.stringify(schema).replaceAll('"/api/_definitions.json#', '"_definitions.json#'));
  }
  rmSync(kubernetesSchemas, { recursive: true, force: true });
  renameSync(staging, kubernetesSchemas);
  rmSync(unpacked, { recursive: true, force: true });
}

/** KEDA's CRDs as JSON schemas in kubeconform's layout: <group>/<kind>_<version>.json. */
function ensureCrdSchemas(): void {
  const marker = join(crdSchemas, `.keda-${KEDA.version}`);
  if (existsSync(marker)) return;
  console.log(`fetching ${KEDA.module}@${KEDA.version} for its CRDs (go mod download)`);
  const { Dir } = JSON.parse(run("go", ["mod", "download", "-json", `${KEDA.module}@${KEDA.version}`])) as { Dir: string };
  rmSync(crdSchemas, { recursive: true, force: true });
  for (const file of Object.values(KEDA.crds)) {
    const crd = parseYaml(readFileSync(join(Dir, file), "utf8")) as {
      spec: { group: string; names: { kind: string }; versions: Array<{ name: string; schema: { openAPIV3Schema: Record<string, unknown> } }> };
    };
    for (const version of crd.spec.versions) {
      const dir = join(crdSchemas, crd.spec.group);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${crd.spec.names.kind.toLowerCase()}_${version.name}.json`), JSON.stringify(strictJsonSchema(version.schema.openAPIV3Schema)));
    }
  }
  writeFileSync(marker, "");
}

/**
 * A CRD's OpenAPI v3 schema as a strict JSON schema, as kubeconform's openapi2jsonschema makes
 * them: an object with listed properties takes no others (unless it says it keeps unknown
 * fields), int-or-string takes either, nullable takes null.
 */
function strictJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictJsonSchema);
  if (node === null || typeof node !== "object") return node;
  const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, strictJsonSchema(value)])) as Record<string, unknown>;
  if (schema["x-kubernetes-int-or-string"] === true) {
    delete schema.type;
    schema.oneOf = [{ type: "string" }, { type: "integer" }];
  }
  if (schema.nullable === true && typeof schema.type === "string") schema.type = [schema.type, "null"];
  if (schema.properties && schema.additionalProperties === undefined && schema["x-kubernetes-preserve-unknown-fields"] !== true) schema.additionalProperties = false;
  return schema;
}

/** Every Kubernetes object of a rendered overlay. */
function objectsOf(yamlText: string): K8sObject[] {
  return parseAllDocuments(yamlText)
    .map((document) => document.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
}

let failures = 0;
try {
  step("Tools (cached in deploy/k8s/.tools)");
  const kustomize = goTool(KUSTOMIZE);
  const kubeconform = goTool(KUBECONFORM);
  ensureKubernetesSchemas();
  ensureCrdSchemas();
  console.log(`kustomize ${KUSTOMIZE.version}, kubeconform ${KUBECONFORM.version}, Kubernetes ${KUBERNETES_VERSION} schemas (${SCHEMAS_WHEEL.name} ${SCHEMAS_WHEEL.version}), KEDA ${KEDA.version} CRDs`);

  const rendered = join(tools, "rendered");
  mkdirSync(rendered, { recursive: true });
  const checkInputs = {
    processes: CLUSTER_PROCESSES,
    contractTopics: ALL_TOPICS,
    consumerGroups: consumerGroupsInSource(root, CLUSTER_PROCESSES),
    documentedSecrets: documentedSecrets(readFileSync(join(here, "secrets.example"), "utf8")),
  };
  for (const overlay of OVERLAYS) {
    step(`overlay ${overlay.name}: render, validate against Kubernetes ${KUBERNETES_VERSION}, check`);
    const yamlText = run(kustomize, ["build", join("deploy/k8s/overlays", overlay.name)]);
    const file = join(rendered, `${overlay.name}.yaml`);
    writeFileSync(file, yamlText);
    const objects = objectsOf(yamlText);
    console.log(`${objects.length} objects rendered to ${file}`);

    // No -ignore-missing-schemas: an object of a kind with no schema here is an error.
    const validation = spawnSync(
      kubeconform,
      [
        "-strict",
        "-summary",
        "-output", "text",
        "-kubernetes-version", KUBERNETES_VERSION,
        "-schema-location", join(tools, "schemas", "kubernetes", "{{ .NormalizedKubernetesVersion }}-local{{ .StrictSuffix }}", "{{ .ResourceKind }}{{ .KindSuffix }}.json"),
        "-schema-location", join(crdSchemas, "{{ .Group }}", "{{ .ResourceKind }}_{{ .ResourceAPIVersion }}.json"),
        file,
      ],
      { encoding: "utf8" },
    );
    process.stdout.write(validation.stdout + validation.stderr);
    if (validation.status !== 0) failures++;

    const topicsConfig = objects.find((o) => o.kind === "ConfigMap" && o.metadata.name === "kafka-topics");
    const problems = [
      ...manifestProblems(objects, {
        ...checkInputs,
        topics: parseTopicDeclarations(topicsConfig?.data?.["topics.txt"] ?? ""),
        hasAutoscaling: overlay.hasAutoscaling,
        isComplete: true,
      }),
      ...configProblems(objects, ENV_SCHEMAS),
    ];
    for (const problem of problems) console.log(`PROBLEM ${problem}`);
    if (problems.length === 0) console.log("every rule of deploy/k8s/checks.ts holds; every process's configuration parses as in production");
    failures += problems.length;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failures++;
}
if (failures > 0) {
  console.error(`\nk8s:validate: ${failures} failure(s)`);
  process.exit(1);
}
console.log("\nk8s:validate: every overlay renders, validates and keeps the rules");

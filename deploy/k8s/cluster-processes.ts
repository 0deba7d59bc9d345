import { PROCESSES, type ProcessSpec } from "../processes.ts";

/**
 * The processes of deploy/processes.ts that never run in a cluster: local stand-ins for
 * third-party services (DESIGN.md "Stand-ins only for third-party SaaS"). A cluster reaches the
 * real Google (sign-in, Calendar) and OpenAI instead, configured in the overlays.
 */
export const LOCAL_ONLY_PROCESSES: ReadonlySet<string> = new Set(["google-stand-in", "oidc-provider"]);

/** Every other process has its manifests under deploy/k8s/base/<name>/ (a test holds them to it). */
export const CLUSTER_PROCESSES: readonly ProcessSpec[] = PROCESSES.filter((spec) => !LOCAL_ONLY_PROCESSES.has(spec.name));

import type { z } from "zod";
import { ZBffEnvSchema } from "../../bff/src/env.ts";
import { ZAgentEnvSchema } from "../../services/agent/src/env.ts";
import { ZCalendarEnvSchema } from "../../services/calendar/src/env.ts";
import { ZEventsEnvSchema } from "../../services/events/src/env.ts";
import { ZIdentityEnvSchema } from "../../services/identity/src/env.ts";
import { ZNotificationsEnvSchema } from "../../services/notifications/src/env.ts";
import { ZRecipesEnvSchema } from "../../services/recipes/src/env.ts";
import { ZRelationshipsEnvSchema } from "../../services/relationships/src/env.ts";
import { ZUsageEnvSchema } from "../../services/usage/src/env.ts";

/**
 * Each Node process of the cluster and the schema its environment is parsed with at start-up
 * (STYLE.md §7): the manifests' configuration is held to it (checks.ts configProblems). The web
 * pods run nginx, which has none.
 */
export const ENV_SCHEMAS: Readonly<Record<string, z.ZodObject>> = {
  identity: ZIdentityEnvSchema,
  relationships: ZRelationshipsEnvSchema,
  events: ZEventsEnvSchema,
  notifications: ZNotificationsEnvSchema,
  agent: ZAgentEnvSchema,
  usage: ZUsageEnvSchema,
  calendar: ZCalendarEnvSchema,
  recipes: ZRecipesEnvSchema,
  bff: ZBffEnvSchema,
};

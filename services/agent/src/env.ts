import { z } from "zod";
import { envPort, envServiceUrls, serviceEnvShape, mongoEnvShape, kafkaEnvShape, internalAuthEnvShape, LOCAL_DEFAULTS } from "@amia/kit";

/** The agent service's whole configuration, parsed once at start-up. */
export const ZAgentEnvSchema = z.object({
  ...serviceEnvShape,
  ...mongoEnvShape,
  ...kafkaEnvShape,
  ...internalAuthEnvShape,
  PORT: envPort.default(4005),
  /** Any OpenAI-compatible server (OpenAI, Ollama, vLLM, the local stand-in). */
  OPENAI_BASE_URL: z.url().default("https://api.openai.com/v1"),
  /** Absent or empty: the offline mode (chrono-node parser, no model). */
  OPENAI_API_KEY: z
    .string()
    .optional()
    .transform((value) => (value && value.trim() !== "" ? value : undefined)),
  OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  // The services the agent's tools call as the signed-in user, with the user's own token: each
  // one URL, or its replicas' URLs comma-separated (balanced like the BFF's calls).
  EVENTS_URL: envServiceUrls,
  RELATIONSHIPS_URL: envServiceUrls,
  NOTIFICATIONS_URL: envServiceUrls,
  CALENDAR_URL: envServiceUrls,
  /** The AI credit budget is checked here before every model call (issue 10). */
  USAGE_URL: envServiceUrls,
  /** How long a proposal card can be confirmed after the assistant made it. */
  PROPOSAL_TTL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** How long after Confirm the card offers Undo. */
  UNDO_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(10),
});

/** Outside production only: the local stack `npm start` runs (the same ports the BFF defaults to). */
export const AGENT_LOCAL_DEFAULTS: Readonly<Record<string, string>> = {
  ...LOCAL_DEFAULTS,
  RELATIONSHIPS_URL: "http://127.0.0.1:4002",
  EVENTS_URL: "http://127.0.0.1:4003",
  NOTIFICATIONS_URL: "http://127.0.0.1:4004",
  CALENDAR_URL: "http://127.0.0.1:4007",
  USAGE_URL: "http://127.0.0.1:4006",
};

export type TAgentEnv = z.output<typeof ZAgentEnvSchema>;

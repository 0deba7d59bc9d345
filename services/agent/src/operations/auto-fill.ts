import { ZSmartParseResultSchema, type TSmartParseRequest, type TSmartParseResult } from "@amia/contracts";
import type { Logger } from "pino";
import { parseSchedule, referenceFrom, toSmartParseResult } from "../domain/schedule-parser.ts";
import type { ModelConfig } from "./chat.ts";
import type { UsageRecorder } from "../events/ai-usage-recorded.ts";

/*
 * Smart-fill: a description → only the event fields found. With a model, structured output
 * (response_format json_schema) validated against ZSmartParseResultSchema; output that fails the
 * contract falls back to the offline parser rather than fail the form. Without a model, the
 * offline parser.
 */

const eventDate = {
  type: "object",
  properties: { date: { type: "string", description: "YYYY-MM-DD, all-day only" }, date_time: { type: "string", description: "YYYY-MM-DDTHH:MM, the user's wall clock" }, time_zone: { type: "string" } },
  required: ["time_zone"],
  additionalProperties: false,
};

export const SMART_PARSE_JSON_SCHEMA = {
  type: "object",
  properties: {
    title: { type: "string" },
    location: { type: "string" },
    description: { type: "string" },
    notes: { type: "string" },
    start_date: eventDate,
    end_date: eventDate,
  },
  additionalProperties: false,
};

export function timeZoneOf(request: TSmartParseRequest): string {
  return request.time_zone ?? request.start_date?.time_zone ?? "UTC";
}

export function offlineAutoFill(request: TSmartParseRequest, nowMs = Date.now()): TSmartParseResult {
  return toSmartParseResult(parseSchedule(request.description, referenceFrom(request.current_date, timeZoneOf(request), nowMs)));
}

/** Drops empty strings the model used for "not found". */
function onlyFound(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== "" && field !== null && field !== undefined));
}

export async function modelAutoFill(
  request: TSmartParseRequest,
  who: { userId: string; requestId: string },
  model: ModelConfig,
  usage: UsageRecorder,
  logger: Logger,
): Promise<TSmartParseResult> {
  const timeZone = timeZoneOf(request);
  const reference = referenceFrom(request.current_date, timeZone);
  const now = reference.now;
  const completion = await model.client.chat.completions.create({
    model: model.model,
    messages: [
      {
        role: "system",
        content:
          "Extract calendar event fields from the user's description. Return only fields the text states or clearly implies. " +
          `Now is ${now.year}-${String(now.month).padStart(2, "0")}-${String(now.day).padStart(2, "0")} ${String(now.hour).padStart(2, "0")}:${String(now.minute).padStart(2, "0")} in ${timeZone}; ` +
          `use time_zone "${timeZone}". Timed: date_time YYYY-MM-DDTHH:MM; all-day (no time given): date YYYY-MM-DD. A timed event with no end lasts 15 minutes.`,
      },
      { role: "user", content: request.description },
    ],
    response_format: { type: "json_schema", json_schema: { name: "smart_parse_result", schema: SMART_PARSE_JSON_SCHEMA } },
  });
  if (completion.usage) {
    await usage.record({ ...who, feature: "auto-fill", model: completion.model || model.model, promptTokens: completion.usage.prompt_tokens, completionTokens: completion.usage.completion_tokens });
  }
  const content = completion.choices[0]?.message.content ?? "";
  try {
    const parsed = ZSmartParseResultSchema.safeParse(onlyFound(JSON.parse(content) as Record<string, unknown>));
    if (parsed.success) return parsed.data;
    logger.warn({ issues: parsed.error.issues }, "model's smart-parse result failed the contract; using the offline parser");
  } catch {
    logger.warn("model's smart-parse result was not JSON; using the offline parser");
  }
  return offlineAutoFill(request);
}

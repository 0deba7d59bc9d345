import { type TSmartParseRequest, type TSmartParseResult } from "@amia/contracts";
import type { Logger } from "pino";
import { parseSchedule, referenceFrom, toSmartParseResult } from "../domain/schedule-parser.ts";
import { keepWhatTheContractAccepts } from "../domain/smart-fill-contract.ts";
import type { ModelConfig } from "./chat.ts";
import type { UsageRecorder } from "../events/ai-usage-recorded.ts";

/*
 * Smart-fill: a description → only the event fields found, plus the problems (what could not be
 * read, in plain words). With a model, structured output (response_format json_schema) held to
 * ZSmartParseResultSchema: a field the contract refuses is dropped and said as a problem; an
 * answer that is not JSON, or keeps no field at all, falls back to the offline parser rather than
 * fail the form. Without a model, the offline parser.
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
    recurrence: {
      type: "string",
      description: "Only when the event repeats: an RFC 5545 RRULE value in the event's time zone (FREQ DAILY/WEEKLY/MONTHLY/YEARLY, INTERVAL, BYDAY for weekly, BYMONTHDAY for monthly, COUNT or UNTIL=YYYYMMDD), e.g. FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR; start_date is the first occurrence",
    },
    problems: {
      type: "array",
      description: "What the description says that is not a real date or time, e.g. 31 February",
      items: {
        type: "object",
        properties: { field: { type: "string", enum: ["start_date", "end_date", "title", "location"] }, text: { type: "string" }, message: { type: "string" } },
        required: ["text", "message"],
        additionalProperties: false,
      },
    },
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
          `use time_zone "${timeZone}". Timed: date_time YYYY-MM-DDTHH:MM; all-day (no time given): date YYYY-MM-DD. ` +
          "A timed event with no end or duration lasts: a meal 60 minutes; coffee, a call, a stand-up or check-in 30; anything else 60. " +
          'Never invent a date that does not exist: list it under problems instead (message like "31 February is not a date").',
      },
      { role: "user", content: request.description },
    ],
    response_format: { type: "json_schema", json_schema: { name: "smart_parse_result", schema: SMART_PARSE_JSON_SCHEMA } },
  });
  if (completion.usage) {
    await usage.record({ ...who, feature: "auto-fill", model: completion.model || model.model, promptTokens: completion.usage.prompt_tokens, completionTokens: completion.usage.completion_tokens });
  }
  const content = completion.choices[0]?.message.content ?? "";
  let answer: unknown;
  try {
    answer = JSON.parse(content);
  } catch {
    logger.warn("model's smart-parse result was not JSON; using the offline parser");
    return offlineAutoFill(request);
  }
  if (typeof answer !== "object" || answer === null || Array.isArray(answer)) {
    logger.warn("model's smart-parse result was not an object; using the offline parser");
    return offlineAutoFill(request);
  }
  const found = onlyFound(answer as Record<string, unknown>);
  const kept = keepWhatTheContractAccepts(found);
  const { problems: _problems, ...fields } = kept;
  if (Object.keys(fields).length === 0 && Object.keys(found).some((field) => field !== "problems")) {
    logger.warn({ problems: kept.problems }, "the contract refused every field of the model's smart-parse result; using the offline parser");
    return offlineAutoFill(request);
  }
  if (kept.problems?.length) logger.info({ problems: kept.problems }, "dropped fields of the model's smart-parse result the contract refused");
  return kept;
}

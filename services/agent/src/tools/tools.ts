import { ZCreateEventRequestBodySchema, type TEventRequest } from "@amia/contracts";
import type { UserServices } from "./user-services.ts";

/*
 * The tools the model may call, each run as the signed-in user through the owning service.
 * Nothing destructive is offered: no delete, no approve/reject, no relationship changes.
 * Results are JSON text for the model (OpenAI's `tool` message content).
 */

type JsonSchema = Record<string, unknown>;

export interface ToolDefinition {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchema };
}

const eventDateJson: JsonSchema = {
  type: "object",
  description: "All-day: {date: 'YYYY-MM-DD', time_zone}; timed: {date_time: 'YYYY-MM-DDTHH:MM' (the user's wall clock), time_zone} (IANA zone)",
  properties: { date: { type: "string" }, date_time: { type: "string" }, time_zone: { type: "string" } },
  required: ["time_zone"],
};

/** Tool names are on the wire to the model and in its transcripts: never rename one. */
export const TOOL_DEFINITIONS: ToolDefinition[] = [
  {
    type: "function",
    function: {
      name: "create_event_request",
      description: "Create a draft event request for the user (they review it in the app). Dates in the user's time zone.",
      parameters: {
        type: "object",
        properties: {
          title: { type: "string" },
          description: { type: "string" },
          location: { type: "string" },
          notes: { type: "string" },
          start_date: eventDateJson,
          end_date: eventDateJson,
        },
        required: ["title", "start_date", "end_date"],
      },
    },
  },
  {
    type: "function",
    function: {
      name: "list_my_event_requests",
      description: "List the user's event requests (role 'creator', or 'reviewer' for those they are asked to review).",
      parameters: { type: "object", properties: { role: { type: "string", enum: ["creator", "reviewer"] }, status: { type: "string", enum: ["pending", "approved", "rejected"] } } },
    },
  },
  {
    type: "function",
    function: { name: "get_event_request", description: "One event request by id.", parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
  },
  {
    type: "function",
    function: { name: "list_my_relationships", description: "The people the user is connected with.", parameters: { type: "object", properties: {} } },
  },
  {
    type: "function",
    function: { name: "list_unread_notifications", description: "The user's unread notifications.", parameters: { type: "object", properties: {} } },
  },
  {
    type: "function",
    function: { name: "mark_notifications_read", description: "Mark all the user's notifications read.", parameters: { type: "object", properties: {} } },
  },
  {
    type: "function",
    function: {
      name: "find_free_time",
      description: "Find free slots in the user's calendar between two instants (ISO 8601), for a meeting of the given minutes.",
      parameters: {
        type: "object",
        properties: { time_min: { type: "string" }, time_max: { type: "string" }, duration_minutes: { type: "number" } },
        required: ["time_min", "time_max"],
      },
    },
  },
];

export const CANNOT_SEE_CALENDAR = "I cannot see your calendar right now (the calendar service is unavailable or not connected).";

export interface ToolOutcome {
  /** JSON text for the model. */
  content: string;
  /** The draft, when create_event_request made one. */
  created?: TEventRequest;
}

const asText = (value: unknown) => JSON.stringify(value);
const failed = (status: number, body: unknown) => asText({ error: true, status, details: body });

interface Interval {
  start: number;
  end: number;
}

/** Free slots of at least `minutes` between `from` and `to`, given busy intervals. */
export function freeSlots(busy: Interval[], from: number, to: number, minutes: number): Interval[] {
  const slots: Interval[] = [];
  let cursor = from;
  for (const interval of [...busy].sort((a, b) => a.start - b.start)) {
    if (interval.start - cursor >= minutes * 60_000) slots.push({ start: cursor, end: Math.min(interval.start, to) });
    cursor = Math.max(cursor, interval.end);
    if (cursor >= to) break;
  }
  if (to - cursor >= minutes * 60_000) slots.push({ start: cursor, end: to });
  return slots;
}

export async function runTool(services: UserServices, name: string, args: Record<string, unknown>): Promise<ToolOutcome> {
  switch (name) {
    case "create_event_request": {
      const parsed = ZCreateEventRequestBodySchema.safeParse({ ...args, approvers: [] });
      if (!parsed.success) return { content: asText({ error: true, message: "Invalid event fields", issues: parsed.error.issues.map((issue) => issue.message) }) };
      const { status, body } = await services.call("events", "POST", "/api/v1/event-requests", parsed.data);
      if (status !== 201) return { content: failed(status, body) };
      const created = (body as { event_request: TEventRequest }).event_request;
      return { content: asText({ created: true, event_request: created }), created };
    }
    case "list_my_event_requests": {
      const query = new URLSearchParams();
      if (typeof args.role === "string") query.set("role", args.role);
      if (typeof args.status === "string") query.set("status", args.status);
      const { status, body } = await services.call("events", "GET", `/api/v1/event-requests?${query}`);
      return { content: status === 200 ? asText(body) : failed(status, body) };
    }
    case "get_event_request": {
      const { status, body } = await services.call("events", "GET", `/api/v1/event-requests/${encodeURIComponent(String(args.id ?? ""))}`);
      return { content: status === 200 ? asText(body) : failed(status, body) };
    }
    case "list_my_relationships": {
      const { status, body } = await services.call("relationships", "GET", "/api/v1/relationships?take=100");
      return { content: status === 200 ? asText(body) : failed(status, body) };
    }
    case "list_unread_notifications": {
      const { status, body } = await services.call("notifications", "GET", "/api/v1/notifications?is_read=false&take=50");
      return { content: status === 200 ? asText(body) : failed(status, body) };
    }
    case "mark_notifications_read": {
      const { status, body } = await services.call("notifications", "POST", "/api/v1/notifications/mark-all-read", {});
      return { content: status === 200 ? asText(body) : failed(status, body) };
    }
    case "find_free_time": {
      const from = Date.parse(String(args.time_min ?? ""));
      const to = Date.parse(String(args.time_max ?? ""));
      const minutes = typeof args.duration_minutes === "number" && args.duration_minutes > 0 ? args.duration_minutes : 30;
      if (Number.isNaN(from) || Number.isNaN(to) || to <= from) return { content: asText({ error: true, message: "time_min and time_max must be ISO 8601 instants, min before max" }) };
      // The calendar service's free/busy (contracts/src/calendar.ts): POST {timeMin, timeMax} →
      // `{busy: [{start, end}]}` of ISO instants.
      try {
        const range = { timeMin: new Date(from).toISOString(), timeMax: new Date(to).toISOString() };
        const { status, body } = await services.call("calendar", "POST", "/api/v1/calendar/free-busy", range);
        const busy = (body as { busy?: Array<{ start: string; end: string }> } | undefined)?.busy;
        if (status !== 200 || !Array.isArray(busy)) return { content: asText({ error: true, message: CANNOT_SEE_CALENDAR }) };
        const slots = freeSlots(busy.map((b) => ({ start: Date.parse(b.start), end: Date.parse(b.end) })), from, to, minutes);
        return { content: asText({ free: slots.map((s) => ({ start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString() })) }) };
      } catch {
        return { content: asText({ error: true, message: CANNOT_SEE_CALENDAR }) };
      }
    }
    default:
      return { content: asText({ error: true, message: `Unknown tool ${name}` }) };
  }
}

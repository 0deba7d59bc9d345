/*
 * The tools the model may call. Reads run as the signed-in user through the owning services;
 * everything that would write is a `propose_*` tool, which only issues a proposal card
 * (operations/model-assistant.ts). Results are JSON text for the model (OpenAI's `tool` message
 * content).
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

const range = {
  time_min: { type: "string", description: "ISO 8601 instant" },
  time_max: { type: "string", description: "ISO 8601 instant" },
};

/** Tool names are on the wire to the model and in its transcripts: never rename one. */
export const TOOL_DEFINITIONS: ToolDefinition[] = [
  {
    type: "function",
    function: {
      name: "list_events",
      description: "The user's event requests (their own and those they review) happening between two instants (a repeating one at its first occurrence there).",
      parameters: { type: "object", properties: range, required: ["time_min", "time_max"] },
    },
  },
  {
    type: "function",
    function: { name: "get_event_request", description: "One event request by id.", parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
  },
  {
    type: "function",
    function: { name: "list_my_relationships", description: "The people the user is connected with (possible reviewers).", parameters: { type: "object", properties: {} } },
  },
  {
    type: "function",
    function: { name: "list_unread_notifications", description: "The user's unread notifications.", parameters: { type: "object", properties: {} } },
  },
  {
    type: "function",
    function: {
      name: "find_free_time",
      description:
        "Up to three free slots between two instants for a meeting of the given minutes, inside working hours; with `people`, free for the user and those connections (their busy times are used only where they share free/busy).",
      parameters: { type: "object", properties: { ...range, duration_minutes: { type: "number" }, people: { type: "array", items: { type: "string" } } }, required: ["time_min", "time_max"] },
    },
  },
  {
    type: "function",
    function: {
      name: "propose_event",
      description: "Propose a new event request. Shows the user a card; nothing is created unless they confirm. `people` are names of connections to ask as reviewers.",
      parameters: {
        type: "object",
        properties: {
          title: { type: "string" },
          description: { type: "string" },
          location: { type: "string" },
          notes: { type: "string" },
          start_date: eventDateJson,
          end_date: eventDateJson,
          recurrence: {
            type: "string",
            description:
              "Only for a repeating event: an RFC 5545 RRULE value read in start_date's time zone, e.g. FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR (every weekday), FREQ=WEEKLY;INTERVAL=2;BYDAY=TU (every other Tuesday), FREQ=MONTHLY;BYMONTHDAY=1 (every month on the 1st). Parts allowed: FREQ (DAILY, WEEKLY, MONTHLY, YEARLY), INTERVAL, BYDAY (weekly only, plain days), BYMONTHDAY (monthly only, one day), COUNT or UNTIL=YYYYMMDD (the last day). start_date must be the first occurrence.",
          },
          people: { type: "array", items: { type: "string" } },
        },
        required: ["title", "start_date", "end_date"],
      },
    },
  },
  {
    type: "function",
    function: {
      name: "propose_change",
      description: "Propose changing the time, place or title of one of the user's event requests. Shows a card; nothing changes unless they confirm.",
      parameters: {
        type: "object",
        properties: { event_request_id: { type: "string" }, title: { type: "string" }, location: { type: "string" }, start_date: eventDateJson, end_date: eventDateJson },
        required: ["event_request_id"],
      },
    },
  },
  {
    type: "function",
    function: {
      name: "propose_cancel",
      description: "Propose cancelling one of the user's event requests. Shows a card; nothing is removed unless they confirm.",
      parameters: { type: "object", properties: { event_request_id: { type: "string" } }, required: ["event_request_id"] },
    },
  },
];

/**
 * Names a model may use for a write it believes it can make directly (from older transcripts,
 * or an injection's suggestion): each maps to the proposal tool, so the most it achieves is a
 * card the user can refuse.
 */
export const WRITE_TOOL_ALIASES: Readonly<Record<string, string>> = {
  create_event_request: "propose_event",
  create_event: "propose_event",
  update_event_request: "propose_change",
  update_event: "propose_change",
  delete_event_request: "propose_cancel",
  delete_event: "propose_cancel",
  cancel_event_request: "propose_cancel",
  list_my_event_requests: "list_events",
};

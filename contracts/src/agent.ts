import { z } from "zod";
import { ZIdSchema } from "./common.ts";
import { timeZoneSchema } from "./time-zone.ts";

/*
 * The assistant's chat: POST /api/v1/agent/commands/chat (SPEC.md sections 3, 5, 7; issue 6).
 * With `Accept: text/event-stream` the reply streams as server-sent events, each `data:` line
 * one JSON `ZChatStreamEventSchema`; otherwise the answer is `ZChatResponseSchema`.
 */

/**
 * Only user and assistant turns: a client never supplies a system message (that would let a
 * browser rewrite the assistant's instructions).
 */
export const CHAT_ROLES = ["user", "assistant"] as const;
export const ZChatRoleSchema = z.enum(CHAT_ROLES);
export type TChatRole = z.infer<typeof ZChatRoleSchema>;

export const MAX_CHAT_MESSAGES = 100;
/** A stored assistant turn can be long; what a person types is held to MAX_USER_MESSAGE_LENGTH. */
export const MAX_CHAT_MESSAGE_LENGTH = 16_000;
/** What a person may type in one message (issue 10: 2,000+ characters is refused, clearly). */
export const MAX_USER_MESSAGE_LENGTH = 2_000;
/** SPEC.md section 8, word for word. */
export const NO_MESSAGES_MESSAGE = "No messages provided";

export const ZChatMessageSchema = z.object({
  role: z.enum(CHAT_ROLES, { error: 'must be "user" or "assistant"' }),
  content: z
    .string({ error: "must be a string" })
    .max(MAX_CHAT_MESSAGE_LENGTH, { error: `must be at most ${MAX_CHAT_MESSAGE_LENGTH} characters` }),
  /** ISO string; the web app keeps it for display, the server ignores it. */
  timestamp: z.string().optional(),
});
export type TChatMessage = z.infer<typeof ZChatMessageSchema>;

/** The browser's clock and zone, so "tomorrow" means the user's tomorrow. */
export const ZChatContextSchema = z.object({
  /** A long localised date, e.g. "Wednesday, March 11, 2026" (free text, for the model). */
  current_date: z.string().max(200).optional(),
  current_time: z.string().max(200).optional(),
  timezone: timeZoneSchema("context.timezone").optional(),
});
export type TChatContext = z.infer<typeof ZChatContextSchema>;

export const ZChatRequestSchema = z
  .object({
    messages: z
      .array(ZChatMessageSchema, { error: NO_MESSAGES_MESSAGE })
      .min(1, { error: NO_MESSAGES_MESSAGE })
      .max(MAX_CHAT_MESSAGES, { error: `messages may hold at most ${MAX_CHAT_MESSAGES} turns` }),
    /** An empty object from the web app today; kept for forward compatibility. */
    metadata: z.record(z.string(), z.unknown()).default({}),
    /**
     * The stored conversation this turn continues (the user's own; 404 otherwise). Given, the
     * server reads the earlier turns from storage and takes only the last message from the
     * request; left out, a new conversation is started (issue 10, "Persistent conversations").
     */
    conversation_id: ZIdSchema.optional(),
    context: ZChatContextSchema.default({}),
  })
  .superRefine((request, ctx) => {
    const last = request.messages.at(-1);
    if (last && (last.role !== "user" || last.content.trim() === "")) {
      ctx.addIssue({
        code: "custom",
        path: ["messages", request.messages.length - 1],
        message: "The last message must be a non-empty message from the user",
      });
    }
    request.messages.forEach((message, index) => {
      if (message.role === "user" && message.content.length > MAX_USER_MESSAGE_LENGTH) {
        ctx.addIssue({
          code: "too_big",
          origin: "string",
          maximum: MAX_USER_MESSAGE_LENGTH,
          path: ["messages", index, "content"],
          message: `A message may be at most ${MAX_USER_MESSAGE_LENGTH.toLocaleString("en-US")} characters`,
        });
      }
    });
  });
export type TChatRequest = z.infer<typeof ZChatRequestSchema>;

/** The non-streaming variant's answer. */
export const ZChatResponseSchema = z.object({ content: z.string() });
export type TChatResponse = z.infer<typeof ZChatResponseSchema>;

// The streamed reply's parts (text, proposal, result, error) are in assistant.ts.

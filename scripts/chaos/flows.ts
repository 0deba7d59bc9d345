/**
 * The fault suite's flows: fresh users each time, through the BFF over HTTP as the SPA calls it,
 * retrying as the SPA would: a create carries one Idempotency-Key for all its attempts (issue 14
 * point 7; ignored where not honoured yet), and an answer that leaves a write's outcome unknown
 * (a 5xx, or no answer) is treated as "maybe done": the flow looks before it sends again. Each flow lists the effects it should have left; the
 * suite counts them once everything is quiet (run.ts).
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "../../bff/src/security/csrf.ts";
import { iCalUidOf } from "../../services/calendar/src/domain/google-event.ts";
import { pairKey } from "../../services/relationships/src/domain/pair-keys.ts";
import type { Stack } from "../bench/stack.ts";
import type { CallFailure, FlowKind, FlowRecord } from "./tally.ts";

/** A flow that has not finished in this long is given up (and counted incomplete). */
const FLOW_DEADLINE_MS = 240_000;
/** Longer than the BFF's own upstream timeout (10 s): past this the client saw a hang. */
const CALL_TIMEOUT_MS = 30_000;

export interface User {
  id: string;
  email: string;
  cookie: string;
  /** The Google refresh token the calendar service holds for them (the stand-in's calendar key). */
  refreshToken: string;
}

/** One effect to count afterwards: how many there should be, and how to count them. */
export interface EffectProbe {
  flowId: string;
  effect: string;
  expected: () => number;
  count: () => Promise<number>;
}

export interface FlowContext {
  stack: Stack;
  now: () => number;
  probes: EffectProbe[];
}

class FlowError extends Error {}

interface Answer {
  status: number | null;
  body: any;
}

/** A flow's HTTP client: every 5xx or missing answer is recorded as the client saw it. */
function client(ctx: FlowContext, record: FlowRecord) {
  const deadline = ctx.now() + FLOW_DEADLINE_MS;
  const send = async (user: User, step: string, method: string, path: string, body?: unknown, extra: { idempotencyKey?: string; isRetryAfterSignIn?: boolean } = {}): Promise<Answer> => {
    let answer: Response;
    try {
      answer = await fetch(`${ctx.stack.bffUrl}${path}`, {
        method,
        headers: {
          cookie: user.cookie,
          "content-type": "application/json",
          origin: ctx.stack.bffUrl,
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
          // The SPA's key for one submission (issue 14 point 7); a service that does not honour it yet ignores it.
          ...(extra.idempotencyKey ? { "idempotency-key": extra.idempotencyKey } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      const isHang = error instanceof Error && error.name === "TimeoutError";
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      record.failures.push({ step, status: null, code: null, isHang, cause: cause?.code ?? cause?.message ?? String((error as Error).message) });
      return { status: null, body: null };
    }
    const text = await answer.text().catch(() => "");
    let parsed: any = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: an unclear answer when it is an error
    }
    // Signed out (a Redis restart without persistence loses sessions): the SPA sends the person
    // to sign in again; so does the flow, and the call is made again.
    if (answer.status === 401 && !extra.isRetryAfterSignIn) {
      record.failures.push({ step, status: 401, code: typeof parsed?.code === "string" ? parsed.code : null, isHang: false });
      record.signIns = (record.signIns ?? 0) + 1;
      user.cookie = await ctx.stack.sessionCookie({ id: user.id, email: user.email });
      return send(user, step, method, path, body, { ...extra, isRetryAfterSignIn: true });
    }
    if (answer.status >= 500) {
      const code = parsed && typeof parsed.code === "string" && typeof parsed.message === "string" ? parsed.code : null;
      record.failures.push({ step, status: answer.status, code, isHang: false } satisfies CallFailure);
    }
    return { status: answer.status, body: parsed };
  };
  /** Backoff between attempts, as the SPA's retry would wait; throws past the flow's deadline. */
  let attempt = 0;
  const pause = async (why: string) => {
    if (ctx.now() > deadline) throw new FlowError(`gave up: ${why}`);
    attempt++;
    await sleep(Math.min(5_000, 500 * attempt));
  };
  return { send, pause };
}

/** A user signed in the BFF's way (identity's sign-in upsert, a session in Redis), with a linked Google calendar. */
async function newUser(ctx: FlowContext, record: FlowRecord, label: string): Promise<User> {
  const email = `${label}-${randomUUID().slice(0, 8)}@chaos.example`;
  const { pause } = client(ctx, record);
  let id: string | undefined;
  while (!id) {
    try {
      const answer = await fetch(`${ctx.stack.serviceUrl.identity}/internal/users/sign-in`, {
        method: "POST",
        headers: { authorization: `Bearer ${await ctx.stack.serviceBearer("identity")}`, "content-type": "application/json" },
        body: JSON.stringify({ issuer: "http://chaos.invalid", subject: email, provider: "google", email, email_verified: true, name: label }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      if (answer.ok) id = ((await answer.json()) as { user: { id: string } }).user.id;
    } catch {
      // identity down: the BFF's sign-in would fail the same way; try again
    }
    if (!id) await pause("sign-in");
  }
  const user = { id, email, cookie: await ctx.stack.sessionCookie({ id, email }), refreshToken: `1//chaos-${randomUUID()}` };
  // What the BFF hands the calendar service at sign-in (routes/auth.ts storeGoogleTokens): an
  // expired access token, so the first sync refreshes it at the Google stand-in.
  for (;;) {
    try {
      const answer = await fetch(`${ctx.stack.serviceUrl.calendar}/internal/users/${encodeURIComponent(id)}/google-tokens`, {
        method: "PUT",
        headers: { authorization: `Bearer ${await ctx.stack.serviceBearer("calendar")}`, "content-type": "application/json" },
        body: JSON.stringify({ access_token: "expired", refresh_token: user.refreshToken, expires_at: new Date(0).toISOString() }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      if (answer.status === 204) return user;
      // Said in the flow's failures, so a calendar that keeps refusing is visible in the report.
      const body = (await answer.json().catch(() => null)) as { code?: unknown } | null;
      record.failures.push({ step: "store Google tokens", status: answer.status, code: typeof body?.code === "string" ? body.code : null, isHang: false, isDirect: true });
    } catch (error) {
      // calendar down (killed: connection refused): try again, as the BFF's sign-in would log and go on
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const isHang = error instanceof Error && error.name === "TimeoutError";
      record.failures.push({ step: "store Google tokens", status: null, code: null, isHang, isDirect: true, cause: cause?.code ?? cause?.message ?? String((error as Error).message) });
    }
    await pause("storing Google tokens");
  }
}

const notificationProbe = (ctx: FlowContext, flowId: string, userId: string, kind: string, subjectId: string): EffectProbe => ({
  flowId,
  effect: `notification ${kind}`,
  expected: () => 1,
  count: () => ctx.stack.db("notifications").collection("notifications").countDocuments({ user_id: userId, kind, subject_id: subjectId }),
});

/** a asks b to connect, b accepts; returns the request's id. */
async function connect(ctx: FlowContext, record: FlowRecord, a: User, b: User): Promise<string> {
  const { send, pause } = client(ctx, record);
  const sentTo = async () => {
    const list = await send(a, "list sent requests", "GET", "/api/v1/relationship-requests/sent?take=50");
    return list.status === 200 ? (list.body.relationship_requests as Array<{ id: string; requested_email: string }>).find((request) => request.requested_email === b.email)?.id : undefined;
  };
  let requestId: string | undefined;
  const sendKey = randomUUID();
  while (!requestId) {
    const sent = await send(a, "send relationship request", "POST", "/api/v1/relationship-requests", { requested_email: b.email }, { idempotencyKey: sendKey });
    if (sent.status === 201) requestId = sent.body.relationship_request.id;
    // Maybe done (5xx, no answer), or done by an earlier attempt whose answer was lost (409): look.
    else if (sent.status === null || sent.status >= 500 || sent.status === 409) requestId = await sentTo();
    else throw new FlowError(`send relationship request: ${sent.status} ${JSON.stringify(sent.body)}`);
    if (!requestId) await pause("send relationship request");
  }
  const id = requestId;
  ctx.probes.push({
    flowId: record.id,
    effect: "relationship request",
    expected: () => 1,
    count: () => ctx.stack.db("relationships").collection("relationship_requests").countDocuments({ requester_id: a.id, requested_email: b.email }),
  });
  ctx.probes.push(notificationProbe(ctx, record.id, b.id, "relationship_request_received", id));

  const statusOf = async () => {
    const one = await send(b, "read relationship request", "GET", `/api/v1/relationship-requests/${id}`);
    return one.status === 200 ? (one.body.relationship_request.status as string) : undefined;
  };
  for (;;) {
    const accepted = await send(b, "accept relationship request", "POST", `/api/v1/relationship-requests/${id}/approve`);
    if (accepted.status === 200) break;
    // 404: the request has not reached b yet (the service learns of accounts from identity's events).
    if (accepted.status !== null && accepted.status < 500 && accepted.status !== 409 && accepted.status !== 404) {
      throw new FlowError(`accept relationship request: ${accepted.status} ${JSON.stringify(accepted.body)}`);
    }
    if ((await statusOf()) === "accepted") break;
    await pause("accept relationship request");
  }
  ctx.probes.push(notificationProbe(ctx, record.id, a.id, "relationship_request_accepted", id));
  ctx.probes.push({
    flowId: record.id,
    effect: "relationship",
    expected: () => 1,
    count: () => ctx.stack.db("relationships").collection("relationships").countDocuments({ pair: pairKey(a.id, b.id) }),
  });
  return id;
}

async function relationshipFlow(ctx: FlowContext, record: FlowRecord): Promise<void> {
  const [a, b] = await Promise.all([newUser(ctx, record, "asker"), newUser(ctx, record, "friend")]);
  await connect(ctx, record, a, b);
}

/** A request with a required reviewer, approved; the approval puts the event in the creator's Google calendar. */
async function eventRequestFlow(ctx: FlowContext, record: FlowRecord): Promise<void> {
  const [creator, reviewer] = await Promise.all([newUser(ctx, record, "creator"), newUser(ctx, record, "reviewer")]);
  await connect(ctx, record, creator, reviewer);
  const { send, pause } = client(ctx, record);
  const title = `Chaos ${record.id}`;
  const mine = async () => {
    const list = await send(creator, "list my event requests", "GET", "/api/v1/event-requests?take=50");
    return list.status === 200 ? (list.body.event_requests as Array<{ id: string; title: string }>).find((request) => request.title === title)?.id : undefined;
  };
  let requestId: string | undefined;
  const createKey = randomUUID();
  while (!requestId) {
    const created = await send(creator, "create event request", "POST", "/api/v1/event-requests", {
      title,
      start_date: { date_time: "2027-03-10T09:00", time_zone: "Europe/Lisbon" },
      end_date: { date_time: "2027-03-10T10:00", time_zone: "Europe/Lisbon" },
      approvers: [{ user_id: reviewer.id, required: true }],
    }, { idempotencyKey: createKey });
    if (created.status === 201) requestId = created.body.event_request.id;
    else if (created.status === null || created.status >= 500) requestId = await mine();
    // The events service learns of the relationship from its event: until then the reviewer is refused.
    else if (created.status !== 400 || !JSON.stringify(created.body).includes("not among your relationships")) {
      throw new FlowError(`create event request: ${created.status} ${JSON.stringify(created.body)}`);
    }
    if (!requestId) await pause("create event request");
  }
  const id = requestId;
  ctx.probes.push({
    flowId: record.id,
    effect: "event request",
    expected: () => 1,
    count: () => ctx.stack.db("events").collection("event_requests").countDocuments({ created_by: creator.id, title }),
  });
  ctx.probes.push(notificationProbe(ctx, record.id, reviewer.id, "event_request_review_requested", id));

  const myAnswer = async () => {
    const one = await send(reviewer, "read event request", "GET", `/api/v1/event-requests/${id}`);
    return one.status === 200 ? (one.body.event_request.approvers as Array<{ user_id: string; status: string }>).find((approver) => approver.user_id === reviewer.id)?.status : undefined;
  };
  for (;;) {
    const approved = await send(reviewer, "approve event request", "POST", `/api/v1/event-requests/${id}/approvals/approve`, {});
    if (approved.status === 200) break;
    if (approved.status !== null && approved.status < 500 && approved.status !== 409) throw new FlowError(`approve event request: ${approved.status} ${JSON.stringify(approved.body)}`);
    if ((await myAnswer()) === "approved") break;
    await pause("approve event request");
  }
  ctx.probes.push(notificationProbe(ctx, record.id, creator.id, "event_request_approved", id));
  ctx.probes.push({
    flowId: record.id,
    effect: "google event",
    expected: () => 1,
    count: async () => ctx.stack.google!.events(creator.refreshToken).filter((event) => event.iCalUID === iCalUidOf(id)).length,
  });
}

/** One chat turn with the model (the OpenAI stand-in): every model call is one usage record. */
async function chatFlow(ctx: FlowContext, record: FlowRecord): Promise<void> {
  const user = await newUser(ctx, record, "chatter");
  const { send, pause } = client(ctx, record);
  const marker = `chaos-${record.id}`;
  ctx.probes.push({
    flowId: record.id,
    effect: "usage record",
    // The calls the model received for this user's turn (a retried turn is a second call, billed again).
    expected: () => ctx.stack.openai!.requests().filter((request) => JSON.stringify(request.messages ?? []).includes(marker)).length,
    count: () => ctx.stack.db("usage").collection("ai_usage_records").countDocuments({ user_id: user.id }),
  });
  for (;;) {
    const answer = await send(user, "chat", "POST", "/api/v1/agent/commands/chat", { messages: [{ role: "user", content: `Hello (${marker})` }] });
    if (answer.status === 200) return;
    if (answer.status !== null && answer.status < 500) throw new FlowError(`chat: ${answer.status} ${JSON.stringify(answer.body)}`);
    await pause("chat");
  }
}

const FLOWS: Record<FlowKind, (ctx: FlowContext, record: FlowRecord) => Promise<void>> = {
  relationship: relationshipFlow,
  "event-request": eventRequestFlow,
  chat: chatFlow,
};

/** Runs one flow to its end (or its deadline) and returns what happened; never throws. */
export async function runFlow(ctx: FlowContext, kind: FlowKind, id: string): Promise<FlowRecord> {
  const record: FlowRecord = { id, kind, startMs: ctx.now(), endMs: 0, isCompleted: false, failures: [] };
  try {
    await FLOWS[kind](ctx, record);
    record.isCompleted = true;
  } catch (error) {
    record.failure = error instanceof Error ? error.message : String(error);
  }
  record.endMs = ctx.now();
  return record;
}

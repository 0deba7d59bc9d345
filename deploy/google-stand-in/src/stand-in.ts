import { randomBytes, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { Hono, type Context } from "hono";
import { instancesOf } from "./recurring-instances.ts";

/**
 * A local stand-in for the two Google APIs the calendar service calls (DESIGN.md "Stand-ins only
 * for third-party SaaS"): the OAuth 2.0 token endpoint (refresh grant) and Calendar v3 events +
 * freeBusy, with Google's JSON shapes and error bodies, so the production client runs unchanged.
 * State lives in memory. Switches let tests inject failures.
 *
 * A calendar belongs to a refresh token, unless `accountOf` names the account a newly seen refresh
 * token belongs to: then every refresh token of that account shares one calendar, as Google keys a
 * calendar by account (signing in again locally mints a new refresh token, not a new calendar).
 *
 * Two-way sync as Google does it: `events.list` pages (`nextPageToken`) and ends a full or
 * incremental listing with a `nextSyncToken`; a listing by `syncToken` answers what changed since,
 * deletions included (`status: "cancelled"`), or 410 `fullSyncRequired` once the token is
 * invalidated. `events.watch` opens a push channel: every change to the calendar is POSTed to its
 * address with Google's `X-Goog-*` headers (a `sync` message first). Attendees: an event's
 * attendees whose email names a calendar here see a copy of it there (same id and iCalUID), and an
 * attendee's answer shows on the organizer's event as a change. `/control/*` is the test-only
 * "a user does something in Google" API (move, delete, respond, invalidate sync tokens).
 */

export interface GoogleEventDate {
  date?: string;
  dateTime?: string;
  timeZone?: string;
}

export interface GoogleEvent {
  kind: "calendar#event";
  etag: string;
  id: string;
  status: "confirmed" | "tentative" | "cancelled";
  htmlLink: string;
  created: string;
  updated: string;
  summary?: string;
  description?: string;
  location?: string;
  start: GoogleEventDate;
  end: GoogleEventDate;
  /** RFC 5545 lines of a recurring event; absent on a single one. */
  recurrence?: string[] | null;
  iCalUID: string;
  sequence: number;
  [key: string]: unknown;
}

export interface StandInCall {
  method: string;
  path: string;
  status: number;
  /** The refresh token (the "user") the call's access token belongs to, when known. */
  user: string | null;
}

/** A push message the stand-in sent, and how the receiver answered (not Google's: for tests). */
export interface StandInPush {
  channelId: string;
  state: "sync" | "exists" | "not_exists";
  messageNumber: number;
  /** The receiver's HTTP status; undefined while it is awaited, null when none came (unreachable, timed out). */
  status?: number | null;
}

export interface InjectedFailure {
  status: 401 | 429 | 500 | 503;
  /** How many of the next Calendar API calls fail this way. */
  times: number;
  /** Only calls whose method matches (e.g. "POST" for inserts); all when absent. */
  method?: string;
  /**
   * The call takes effect, then the answer is lost and the failure returned instead (Google
   * created the event, the response never arrived): what a client's retry must survive.
   */
  afterApply?: boolean;
}

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  /** Epoch milliseconds. */
  expires_at: number;
}

export interface GoogleStandIn {
  url: string;
  port: number;
  /** The OAuth token endpoint: `${url}/token`. */
  tokenUrl: string;
  /** The OAuth revocation endpoint: `${url}/revoke`. */
  revokeUrl: string;
  /** The Calendar API root: `${url}/calendar/v3`. */
  calendarApiUrl: string;
  tokens: {
    /** Registers a refresh token (a fresh one when absent) and issues an access token for it. */
    /** `email`: the account's email, so invitations to it reach this token's calendar. */
    issue: (refreshToken?: string, options?: { expiresInSeconds?: number; email?: string }) => IssuedTokens;
    /** Google answers `invalid_grant` for this refresh token from now on. */
    revoke: (refreshToken: string) => void;
    /** Every access token issued for this refresh token stops working (401), as after an hour. */
    expireAccess: (refreshToken: string) => void;
    /** How many times the token endpoint refreshed this refresh token. */
    refreshCount: (refreshToken: string) => number;
    /** Tokens on an account's calendar (the sign-in provider's `sub`), as `POST /_stand-in/accounts/:account/tokens` gives them. */
    issueForAccount: (account: string) => IssuedTokens;
    /** Whether this refresh token was revoked (through `/revoke` or `revoke`). */
    isRevoked: (refreshToken: string) => boolean;
  };
  inject: (failure: InjectedFailure) => void;
  /** What a user does in Google Calendar's own UI (also served over HTTP under /control). */
  control: StandInControl;
  /** Open push channels (expired ones included until stopped), for tests. */
  channels: () => StandInChannel[];
  /**
   * From now on every Calendar API call waits `ms` more before it takes effect (0: no more), as a
   * slow Google would: sync jobs then queue up behind the worker (the fault suite restarts Redis
   * with jobs waiting). Added to `latencyMs`.
   */
  slowDown: (ms: number) => void;
  /**
   * Events in one user's calendar (by refresh token: the account's calendar when the token was
   * tied to an account), or in every calendar; cancelled (deleted) ones left out.
   */
  events: (refreshToken?: string) => GoogleEvent[];
  calls: () => StandInCall[];
  /** Push messages sent on every channel, oldest first, with their answers. */
  pushes: () => StandInPush[];
  app: Hono;
  close: () => Promise<void>;
}

/** A calendar named by its account's email or by one of its refresh tokens. */
export type CalendarRef = string;

export interface StandInControl {
  /** The owner moves (or re-times) an event, found by id or iCalUID. Null: no such event. */
  move: (calendar: CalendarRef, event: { id?: string; iCalUID?: string }, times: { start: GoogleEventDate; end: GoogleEventDate }) => GoogleEvent | null;
  /** The owner deletes an event (Google keeps it as status "cancelled"). False: no such live event. */
  remove: (calendar: CalendarRef, event: { id?: string; iCalUID?: string }) => boolean;
  /** An attendee answers an invitation in their own calendar. Null: no such invitation. */
  respond: (calendar: CalendarRef, event: { id?: string; iCalUID?: string }, responseStatus: AttendeeResponse) => GoogleEvent | null;
  /** Every sync token of the calendar stops working: the next listing by one answers 410. */
  invalidateSyncTokens: (calendar: CalendarRef) => boolean;
  /** The calendar's events, cancelled ones included. Null: no such calendar. */
  events: (calendar: CalendarRef) => GoogleEvent[] | null;
}

export const ATTENDEE_RESPONSES = ["needsAction", "accepted", "declined", "tentative"] as const;
export type AttendeeResponse = (typeof ATTENDEE_RESPONSES)[number];

export interface GoogleAttendee {
  email: string;
  responseStatus: AttendeeResponse;
  organizer?: boolean;
  self?: boolean;
  displayName?: string;
}

/** A push channel (events.watch), as the stand-in keeps it. */
export interface StandInChannel {
  id: string;
  resourceId: string;
  token: string | null;
  address: string;
  /** Epoch ms. */
  expiration: number;
  /** Push messages sent on it so far. */
  messages: number;
}

export interface GoogleStandInOptions {
  port?: number;
  host?: string;
  /**
   * Accept a refresh token never issued here as a new user (the local sign-in provider mints its
   * own). Tests switch it off to prove an unknown token is refused.
   */
  acceptUnknownRefreshTokens?: boolean;
  /** Refresh tokens known from the start. */
  refreshTokens?: string[];
  /**
   * Whose a refresh token the token endpoint has not seen before is (the local sign-in provider's
   * `sub`), or null when unknown. Refresh tokens of one account share its calendar; without it (or
   * on null) each refresh token has a calendar of its own. Asked once per token, when it is first
   * accepted; a rejection counts as null.
   */
  accountOf?: (refreshToken: string) => Promise<string | null>;
  accessTokenLifetimeSeconds?: number;
  /**
   * Each Calendar API call waits a random 0 to `latencyMs` before it takes effect, as Google's
   * calls take a varying time: two calls sent in one order can then land in the other, which is
   * what a client running calls at once must survive. None by default.
   */
  latencyMs?: number;
  /**
   * The account an attendee's email belongs to (the local sign-in provider's `sub` for an email,
   * as `accountOf` answers for a refresh token), so an invitation reaches the calendar that
   * person's tokens open. Without it, only emails given to `tokens.issue` name calendars.
   */
  accountOfEmail?: (email: string) => string | null;
  /** The longest a push channel lives (Google: 7 days for events); a watch asking longer gets this. */
  channelTtlMs?: number;
}

/** One Google account's calendar: "primary" and the user's own id name the same one. */
interface Calendar {
  /** Events by event id. */
  events: Map<string, GoogleEvent>;
  /** Names the calendar inside sync tokens. */
  key: string;
  /** The owner's email when known (attendees are matched by it). */
  email: string | null;
  /** Raised by invalidateSyncTokens: a sync token of an older epoch answers 410. */
  epoch: number;
  /** The change counter value of each event's last change, by event id. */
  changedAt: Map<string, number>;
}

const newCalendar = (email: string | null = null): Calendar => ({ events: new Map(), key: randomBytes(6).toString("hex"), email, epoch: 0, changedAt: new Map() });

/** A listing position: which calendar, which epoch, changes after `after`, up to `upTo`; `offset` into that page set. */
interface ListCursor {
  calendar: string;
  epoch: number;
  after: number;
  upTo: number;
  offset: number;
  /** Incremental (by sync token) or full. */
  incremental: boolean;
}
const encodeCursor = (cursor: ListCursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");
function decodeCursor(token: string): ListCursor | null {
  try {
    const value = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as Partial<ListCursor>;
    const isNumber = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n >= 0;
    if (typeof value.calendar !== "string" || !isNumber(value.epoch) || !isNumber(value.after) || !isNumber(value.upTo) || !isNumber(value.offset)) return null;
    return { calendar: value.calendar, epoch: value.epoch!, after: value.after!, upTo: value.upTo!, offset: value.offset!, incremental: value.incremental === true };
  } catch {
    return null;
  }
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const isAttendeeResponse = (value: unknown): value is AttendeeResponse => typeof value === "string" && (ATTENDEE_RESPONSES as readonly string[]).includes(value);

/** One refresh token: revoked and counted on its own, its calendar maybe shared with the account's other tokens. */
interface UserState {
  isRevoked: boolean;
  refreshes: number;
  calendar: Calendar;
}

type ErrorReason = "authError" | "rateLimitExceeded" | "backendError" | "notFound" | "deleted" | "duplicate" | "invalid" | "required" | "fullSyncRequired";

const googleError = (c: Context, code: number, reason: ErrorReason, message: string) =>
  c.json({ error: { code, message, errors: [{ domain: "global", reason, message }], status: statusName(code) } }, code as 400);

function statusName(code: number): string {
  return ({ 400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 404: "NOT_FOUND", 409: "ALREADY_EXISTS", 410: "NOT_FOUND", 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE" } as Record<number, string>)[code] ?? "UNKNOWN";
}

const FAILURE_TEXT: Record<InjectedFailure["status"], [ErrorReason, string]> = {
  401: ["authError", "Invalid Credentials"],
  429: ["rateLimitExceeded", "Rate Limit Exceeded"],
  500: ["backendError", "Backend Error"],
  503: ["backendError", "The service is currently unavailable."],
};

/** An instant a Google event date stands for, for range filters and ordering. */
function instantOf(date: GoogleEventDate | undefined): number {
  if (!date) return Number.NaN;
  if (date.dateTime) return Date.parse(date.dateTime);
  if (date.date) return Date.parse(`${date.date}T00:00:00Z`);
  return Number.NaN;
}

const EVENT_STATUSES: ReadonlySet<string> = new Set<GoogleEvent["status"]>(["confirmed", "tentative", "cancelled"]);
const isEventStatus = (value: unknown): value is GoogleEvent["status"] => typeof value === "string" && EVENT_STATUSES.has(value);

/**
 * Google's checks on `recurrence` (issue 16): a list of RFC 5545 lines (RRULE, EXRULE, RDATE,
 * EXDATE), and a recurring event needs a time zone on its start and end ("Missing time zone
 * definition for start time."), since the series is expanded in it. The rule itself is kept as
 * sent and returned as is; an empty list (or null) on a patch makes the event a single one again.
 */
function recurrenceProblem(event: Partial<GoogleEvent>): string | null {
  const recurrence = event.recurrence;
  if (recurrence === undefined || recurrence === null) return null;
  if (!Array.isArray(recurrence) || !recurrence.every((line) => typeof line === "string" && /^(RRULE|EXRULE|RDATE|EXDATE)[:;]/.test(line))) return "Invalid recurrence rule.";
  if (recurrence.length === 0) return null;
  if (!event.start?.timeZone) return "Missing time zone definition for start time.";
  if (!event.end?.timeZone) return "Missing time zone definition for end time.";
  return null;
}

/** A single event carries no `recurrence` field (as Google answers it). */
function dropEmptyRecurrence(event: GoogleEvent): void {
  if (event.recurrence === null || (Array.isArray(event.recurrence) && event.recurrence.length === 0)) delete event.recurrence;
}

/**
 * Attendees as Google takes them: a list of objects with an email. An absent answer keeps the one
 * that email gave before (`previous`: the event's attendees before a patch), else needsAction.
 */
function validAttendees(value: unknown, previous: unknown = []): boolean {
  if (!Array.isArray(value)) return false;
  const before = new Map((Array.isArray(previous) ? (previous as GoogleAttendee[]) : []).map((attendee) => [normalizeEmail(attendee.email), attendee.responseStatus]));
  for (const attendee of value as Array<Record<string, unknown>>) {
    if (typeof attendee !== "object" || attendee === null || typeof attendee.email !== "string" || !attendee.email.includes("@")) return false;
    if (attendee.responseStatus === undefined) attendee.responseStatus = before.get(normalizeEmail(attendee.email)) ?? "needsAction";
    else if (!isAttendeeResponse(attendee.responseStatus)) return false;
  }
  return true;
}

/** Google's event ids: base32hex characters (a-v, 0-9), 5–1024 long. */
const newEventId = () => randomBytes(13).toString("hex").replace(/[w-z]/g, "a");

export function createGoogleStandInApp(options: GoogleStandInOptions = {}) {
  const users = new Map<string, UserState>();
  /** Calendars of the accounts `accountOf` named, by account. */
  const accountCalendars = new Map<string, Calendar>();
  const accessTokens = new Map<string, { user: string; expiresAt: number }>();
  const failures: InjectedFailure[] = [];
  const recorded: StandInCall[] = [];
  const lifetime = options.accessTokenLifetimeSeconds ?? 3_600;
  const acceptUnknown = options.acceptUnknownRefreshTokens ?? true;
  const latencyMs = options.latencyMs ?? 0;
  let extraLatencyMs = 0;

  /** Calendars named by an email given to tokens.issue, when accountOfEmail does not name the account. */
  const emailCalendars = new Map<string, Calendar>();
  const calendarOfAccount = (account: string): Calendar => {
    let calendar = accountCalendars.get(account);
    if (!calendar) {
      calendar = newCalendar();
      accountCalendars.set(account, calendar);
    }
    return calendar;
  };
  /** The calendar an email opens: its account's (accountOfEmail), else one kept by email. */
  const calendarOfEmail = (email: string, create: boolean): Calendar | null => {
    const normalized = normalizeEmail(email);
    const account = options.accountOfEmail?.(normalized) ?? null;
    let calendar = account !== null ? (create ? calendarOfAccount(account) : accountCalendars.get(account)) : emailCalendars.get(normalized);
    if (!calendar && create) {
      calendar = newCalendar(normalized);
      emailCalendars.set(normalized, calendar);
    }
    if (calendar) calendar.email ??= normalized;
    return calendar ?? null;
  };
  const calendarOfRef = (ref: CalendarRef): Calendar | null => users.get(ref)?.calendar ?? (ref.includes("@") ? calendarOfEmail(ref, false) : null);

  const userOf = (refreshToken: string): UserState => {
    let user = users.get(refreshToken);
    if (!user) {
      user = { isRevoked: false, refreshes: 0, calendar: newCalendar() };
      users.set(refreshToken, user);
    }
    return user;
  };

  /** Learns a refresh token never seen before, in its account's calendar when accountOf names one. */
  const learn = async (refreshToken: string): Promise<void> => {
    const account = options.accountOf ? await options.accountOf(refreshToken).catch(() => null) : null;
    // Another request may have learnt the token while we asked.
    if (users.has(refreshToken)) return;
    if (account === null) {
      userOf(refreshToken);
      return;
    }
    users.set(refreshToken, { isRevoked: false, refreshes: 0, calendar: calendarOfAccount(account) });
  };
  for (const token of options.refreshTokens ?? []) userOf(token);

  /** A new grant on an account's calendar, as if the person had consented in another app (their phone's calendar, say). */
  const issueForAccount = (account: string): IssuedTokens => {
    const refreshToken = `1//${randomUUID()}`;
    users.set(refreshToken, { isRevoked: false, refreshes: 0, calendar: calendarOfAccount(account) });
    return issueAccess(refreshToken);
  };

  /** The refresh token a token stands for: itself when it is one, the one it was issued for when an access token. */
  const refreshTokenOf = (token: string): string | null => (users.has(token) ? token : (accessTokens.get(token)?.user ?? null));

  const issueAccess = (refreshToken: string, expiresInSeconds = lifetime, email?: string): IssuedTokens => {
    // A new token of a known email opens that email's calendar.
    if (email && !users.has(refreshToken)) users.set(refreshToken, { isRevoked: false, refreshes: 0, calendar: calendarOfEmail(email, true)! });
    userOf(refreshToken);
    const access = `ya29.${randomBytes(24).toString("base64url")}`;
    const expiresAt = Date.now() + expiresInSeconds * 1_000;
    accessTokens.set(access, { user: refreshToken, expiresAt });
    return { access_token: access, refresh_token: refreshToken, expires_at: expiresAt };
  };

  // ---- Changes, push channels and attendees ----
  /** One counter for every change everywhere: sync tokens are positions on it. */
  let changeCounter = 0;
  const channels = new Map<string, StandInChannel & { calendar: Calendar }>();
  const channelTtlMs = options.channelTtlMs ?? 7 * 86_400_000;

  const pushes: StandInPush[] = [];
  /** Resolves once the receiver answered (or did not: never rejects). */
  const push = (channel: StandInChannel & { calendar: Calendar }, state: "sync" | "exists" | "not_exists"): Promise<void> => {
    channel.messages++;
    const sent: StandInPush = { channelId: channel.id, state, messageNumber: channel.messages };
    pushes.push(sent);
    const headers: Record<string, string> = {
      "X-Goog-Channel-ID": channel.id,
      "X-Goog-Resource-ID": channel.resourceId,
      "X-Goog-Resource-State": state,
      "X-Goog-Resource-URI": `https://www.googleapis.com/calendar/v3/calendars/primary/events?alt=json`,
      "X-Goog-Message-Number": String(channel.messages),
      "X-Goog-Channel-Expiration": new Date(channel.expiration).toUTCString(),
      ...(channel.token !== null ? { "X-Goog-Channel-Token": channel.token } : {}),
    };
    // Google retries nothing here: the receiver's periodic sync covers a lost message.
    return fetch(channel.address, { method: "POST", headers, signal: AbortSignal.timeout(10_000) })
      .then((response) => {
        sent.status = response.status;
        return response.body?.cancel();
      })
      .catch(() => void (sent.status ??= null));
  };

  /** Records a change to `event` in `calendar`: it shows in the next incremental listing, and watchers are told. */
  const touch = (calendar: Calendar, event: GoogleEvent) => {
    calendar.changedAt.set(event.id, ++changeCounter);
    for (const channel of channels.values()) if (channel.calendar === calendar && channel.expiration > Date.now()) void push(channel, "exists");
  };

  /** The organizer's event for each (organizer calendar, event id) that has attendee copies: where the copies live. */
  const copiesOf = new WeakMap<GoogleEvent, Map<Calendar, GoogleEvent>>();
  const organizerOf = new WeakMap<GoogleEvent, { calendar: Calendar; event: GoogleEvent }>();
  const now = () => new Date().toISOString();
  const newEtag = () => `"${Date.now()}${Math.floor(Math.random() * 1_000)}"`;

  /** The organizer's event changed: every attendee's copy follows it, and copies of removed attendees are cancelled. */
  const propagate = (organizerCalendar: Calendar, master: GoogleEvent) => {
    const attendees = Array.isArray(master.attendees) ? (master.attendees as GoogleAttendee[]) : [];
    const copies = copiesOf.get(master) ?? new Map<Calendar, GoogleEvent>();
    copiesOf.set(master, copies);
    const reached = new Set<Calendar>();
    for (const attendee of attendees) {
      const calendar = calendarOfEmail(attendee.email, false);
      if (!calendar || calendar === organizerCalendar) continue;
      reached.add(calendar);
      const copy: GoogleEvent = {
        ...master,
        attendees: attendees.map((other) => ({ ...other, ...(normalizeEmail(other.email) === normalizeEmail(attendee.email) ? { self: true } : { self: undefined }) })),
        organizer: { ...(organizerCalendar.email ? { email: organizerCalendar.email } : {}) },
      };
      calendar.events.set(copy.id, copy);
      copies.set(calendar, copy);
      organizerOf.set(copy, { calendar: organizerCalendar, event: master });
      touch(calendar, copy);
    }
    for (const [calendar, copy] of copies) {
      if (reached.has(calendar) || copy.status === "cancelled") continue;
      copy.status = "cancelled";
      copy.updated = now();
      touch(calendar, copy);
    }
  };

  /** A change to an event of `calendar`: recorded, and its attendees' copies follow. */
  const changed = (calendar: Calendar, event: GoogleEvent) => {
    touch(calendar, event);
    if (Array.isArray(event.attendees) || copiesOf.has(event)) propagate(calendar, event);
  };

  const findIn = (calendar: Calendar, ref: { id?: string; iCalUID?: string }): GoogleEvent | null => {
    if (ref.id) return calendar.events.get(ref.id) ?? null;
    if (!ref.iCalUID) return null;
    const matches = [...calendar.events.values()].filter((event) => event.iCalUID === ref.iCalUID);
    return matches.find((event) => event.status !== "cancelled") ?? matches[0] ?? null;
  };

  const control: StandInControl = {
    move(ref, eventRef, times) {
      const calendar = calendarOfRef(ref);
      const event = calendar ? findIn(calendar, eventRef) : null;
      if (!calendar || !event || event.status === "cancelled") return null;
      // A time change is a new version of the invitation: Google raises the sequence.
      Object.assign(event, { start: times.start, end: times.end, updated: now(), etag: newEtag(), sequence: event.sequence + 1 });
      changed(calendar, event);
      return event;
    },
    remove(ref, eventRef) {
      const calendar = calendarOfRef(ref);
      const event = calendar ? findIn(calendar, eventRef) : null;
      if (!calendar || !event || event.status === "cancelled") return false;
      Object.assign(event, { status: "cancelled", updated: now(), etag: newEtag() });
      changed(calendar, event);
      return true;
    },
    respond(ref, eventRef, responseStatus) {
      const calendar = calendarOfRef(ref);
      const copy = calendar ? findIn(calendar, eventRef) : null;
      const origin = copy ? organizerOf.get(copy) : undefined;
      if (!calendar || !copy || !origin || !calendar.email) return null;
      const attendees = (origin.event.attendees as GoogleAttendee[] | undefined) ?? [];
      const own = attendees.find((attendee) => normalizeEmail(attendee.email) === calendar.email);
      if (!own) return null;
      // An answer changes the organizer's event (not its sequence): it shows there through sync.
      own.responseStatus = responseStatus;
      Object.assign(origin.event, { updated: now(), etag: newEtag() });
      changed(origin.calendar, origin.event);
      return calendar.events.get(copy.id) ?? null;
    },
    invalidateSyncTokens(ref) {
      const calendar = calendarOfRef(ref);
      if (!calendar) return false;
      calendar.epoch++;
      return true;
    },
    events: (ref) => {
      const calendar = calendarOfRef(ref);
      return calendar ? [...calendar.events.values()] : null;
    },
  };

  const app = new Hono();
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  // Nothing to depend on: in memory.
  app.get("/readyz", (c) => c.json({ status: "ready", checks: {} }));

  // OAuth 2.0 token endpoint (https://oauth2.googleapis.com/token): the refresh grant only.
  app.post("/token", async (c) => {
    const form = await c.req.parseBody();
    const grantType = String(form.grant_type ?? "");
    const refreshToken = String(form.refresh_token ?? "");
    const answer = (status: number, body: object) => {
      recorded.push({ method: "POST", path: "/token", status, user: refreshToken || null });
      return c.json(body, status as 200);
    };
    if (grantType !== "refresh_token") return answer(400, { error: "unsupported_grant_type", error_description: `Invalid grant_type: ${grantType}` });
    if (!refreshToken) return answer(400, { error: "invalid_request", error_description: "Missing required parameter: refresh_token" });
    const user = users.get(refreshToken);
    if ((!user && !acceptUnknown) || user?.isRevoked) return answer(400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
    if (!user) await learn(refreshToken);
    userOf(refreshToken).refreshes++;
    const issued = issueAccess(refreshToken);
    return answer(200, { access_token: issued.access_token, expires_in: lifetime, scope: "openid email profile https://www.googleapis.com/auth/calendar.events", token_type: "Bearer" });
  });

  // Not Google's: the stand-in's own control, for end-to-end tests that act "in Google" as the
  // person would (adding an event from their phone). Tokens for the account `:account` (the
  // sign-in provider's `sub`), whose calendar every sign-in of that account shares; then the
  // Calendar API as Google's.
  app.post("/_stand-in/accounts/:account/tokens", (c) => c.json(issueForAccount(c.req.param("account"))));

  // OAuth 2.0 revocation (https://oauth2.googleapis.com/revoke): `token` (form body or query) is
  // a refresh or an access token; either ends the whole grant, as Google does: the refresh token
  // answers invalid_grant from now on and its access tokens 401. An unknown or already revoked
  // token answers 400 invalid_token.
  app.post("/revoke", async (c) => {
    const form = (await c.req.parseBody().catch(() => ({}))) as Record<string, unknown>;
    const token = String(form.token ?? c.req.query("token") ?? "");
    const answer = (status: number, body: object) => {
      recorded.push({ method: "POST", path: "/revoke", status, user: refreshTokenOf(token) });
      return c.json(body, status as 200);
    };
    const refreshToken = refreshTokenOf(token);
    const user = refreshToken ? users.get(refreshToken) : undefined;
    if (!refreshToken || !user || user.isRevoked) return answer(400, { error: "invalid_token", error_description: "Token expired or revoked" });
    user.isRevoked = true;
    for (const [access, issued] of accessTokens) if (issued.user === refreshToken) accessTokens.delete(access);
    return answer(200, {});
  });

  // Calendar v3: bearer check, then injected failures, then the call itself.
  const api = new Hono<{ Variables: { user: string } }>();
  api.use("*", async (c, next) => {
    const bearer = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    const access = bearer ? accessTokens.get(bearer) : undefined;
    const record = (status: number) => recorded.push({ method: c.req.method, path: new URL(c.req.url).pathname, status, user: access?.user ?? null });
    if (!access || access.expiresAt <= Date.now()) {
      record(401);
      return googleError(c, 401, "authError", "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.");
    }
    const failureIndex = failures.findIndex((failure) => !failure.method || failure.method === c.req.method);
    if (failureIndex >= 0) {
      const failure = failures[failureIndex]!;
      failure.times--;
      if (failure.times <= 0) failures.splice(failureIndex, 1);
      if (failure.afterApply) {
        c.set("user", access.user);
        await next();
      }
      record(failure.status);
      const [reason, message] = FAILURE_TEXT[failure.status];
      c.res = undefined;
      c.res = googleError(c, failure.status, reason, message);
      return c.res;
    }
    if (latencyMs > 0 || extraLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, extraLatencyMs + Math.random() * latencyMs));
    c.set("user", access.user);
    await next();
    record(c.res.status);
  });

  const calendarOf = (c: Context<{ Variables: { user: string } }>) => {
    // One calendar per user (the refresh token's, or its account's): "primary" and the user's own id name the same one.
    const calendar = userOf(c.get("user")).calendar;
    return { id: decodeURIComponent(c.req.param("calendarId") ?? "primary"), events: calendar.events, calendar };
  };

  api.post("/calendars/:calendarId/events", async (c) => {
    const { events } = calendarOf(c);
    const body = (await c.req.json().catch(() => null)) as Partial<GoogleEvent> | null;
    if (!body || !body.start || !body.end) return googleError(c, 400, "required", "Missing time.");
    if (body.status !== undefined && !isEventStatus(body.status)) return googleError(c, 400, "invalid", "Invalid event status.");
    const recurrenceIssue = recurrenceProblem(body);
    if (recurrenceIssue) return googleError(c, 400, "invalid", recurrenceIssue);
    if (body.attendees !== undefined && !validAttendees(body.attendees)) return googleError(c, 400, "invalid", "Invalid attendee.");
    // Google keeps a deleted event (status "cancelled") and its iCalUID: inserting that UID again
    // is a duplicate too. A client restores such an event by patching its status back.
    if (body.iCalUID && [...events.values()].some((event) => event.iCalUID === body.iCalUID)) {
      return googleError(c, 409, "duplicate", "The requested identifier already exists.");
    }
    if (body.id && events.has(body.id)) return googleError(c, 409, "duplicate", "The requested identifier already exists.");
    const id = body.id ?? newEventId();
    const now = new Date().toISOString();
    const event: GoogleEvent = {
      ...body,
      kind: "calendar#event",
      etag: newEtag(),
      id,
      status: body.status ?? "confirmed",
      htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(id).toString("base64url")}`,
      created: now,
      updated: now,
      start: body.start,
      end: body.end,
      iCalUID: body.iCalUID ?? `${id}@google.com`,
      sequence: 0,
    };
    dropEmptyRecurrence(event);
    events.set(id, event);
    changed(calendarOf(c).calendar, event);
    return c.json(event);
  });

  api.get("/calendars/:calendarId/events", (c) => {
    const { events, calendar } = calendarOf(c);
    const syncToken = c.req.query("syncToken");
    const pageToken = c.req.query("pageToken");
    const maxResults = Math.min(2_500, Number(c.req.query("maxResults") ?? 250));
    const fullSyncRequired = () =>
      c.json({ error: { code: 410, message: "Sync token is no longer valid, a full sync is required.", errors: [{ domain: "global", reason: "fullSyncRequired", message: "Sync token is no longer valid, a full sync is required." }], status: "NOT_FOUND" } }, 410);
    if (syncToken !== undefined || (pageToken !== undefined && decodeCursor(pageToken)?.incremental)) {
      // Google refuses these filters with a sync token: the listing must be the same set as the one the token came from.
      for (const name of ["timeMin", "timeMax", "iCalUID", "orderBy", "q", "updatedMin"]) {
        if (c.req.query(name) !== undefined) return googleError(c, 400, "invalid", `${name} cannot be used with syncToken.`);
      }
      const cursor = decodeCursor(pageToken ?? syncToken ?? "");
      if (!cursor || cursor.calendar !== calendar.key) return googleError(c, 400, "invalid", "Invalid sync token value.");
      if (cursor.epoch !== calendar.epoch) return fullSyncRequired();
      // A first page fixes the set: changes after the token up to now. Later changes wait for the next token.
      const page = pageToken ? cursor : { ...cursor, after: cursor.upTo, upTo: changeCounter, offset: 0, incremental: true };
      const changedItems = [...events.values()]
        .filter((event) => {
          const at = calendar.changedAt.get(event.id) ?? 0;
          return at > page.after && at <= page.upTo;
        })
        .sort((a, b) => (calendar.changedAt.get(a.id) ?? 0) - (calendar.changedAt.get(b.id) ?? 0));
      return listPage(c, changedItems, page, maxResults);
    }
    const timeMin = c.req.query("timeMin");
    const timeMax = c.req.query("timeMax");
    const iCalUID = c.req.query("iCalUID");
    const showDeleted = c.req.query("showDeleted") === "true";
    let items = [...events.values()].filter((event) => showDeleted || event.status !== "cancelled");
    if (iCalUID) items = items.filter((event) => event.iCalUID === iCalUID);
    // singleEvents: a recurring event is listed as its instances (recurring-instances.ts).
    if (c.req.query("singleEvents") === "true") items = items.flatMap(instancesOf);
    // Google: timeMin bounds the event's end (exclusive), timeMax its start (exclusive).
    if (timeMin) items = items.filter((event) => instantOf(event.end) > Date.parse(timeMin));
    if (timeMax) items = items.filter((event) => instantOf(event.start) < Date.parse(timeMax));
    if (c.req.query("orderBy") === "startTime") {
      if (c.req.query("singleEvents") !== "true") return googleError(c, 400, "invalid", "The requested ordering is not available for the particular query.");
      items.sort((a, b) => instantOf(a.start) - instantOf(b.start));
    }
    // A full listing ends with a token for incremental listings from now on (not for an iCalUID lookup).
    const cursor = (pageToken ? decodeCursor(pageToken) : null) ?? { calendar: calendar.key, epoch: calendar.epoch, after: 0, upTo: changeCounter, offset: 0, incremental: false };
    if (pageToken && cursor.calendar !== calendar.key) return googleError(c, 400, "invalid", "Invalid page token value.");
    return listPage(c, items, cursor, maxResults, iCalUID === undefined);
  });

  /** One page of `items` from the cursor's offset; the last page carries nextSyncToken. */
  const listPage = (c: Context, items: GoogleEvent[], cursor: ListCursor, maxResults: number, withSyncToken = true) => {
    const pageItems = items.slice(cursor.offset, cursor.offset + maxResults);
    const isLast = cursor.offset + maxResults >= items.length;
    const next = isLast
      ? withSyncToken ? { nextSyncToken: encodeCursor({ calendar: cursor.calendar, epoch: cursor.epoch, after: 0, upTo: cursor.upTo, offset: 0, incremental: true }) } : {}
      : { nextPageToken: encodeCursor({ ...cursor, offset: cursor.offset + maxResults }) };
    return c.json({ kind: "calendar#events", etag: newEtag(), summary: "primary", updated: now(), timeZone: "UTC", accessRole: "owner", items: pageItems, ...next });
  };

  // events.watch: a push channel on the calendar's events.
  api.post("/calendars/:calendarId/events/watch", async (c) => {
    const { calendar } = calendarOf(c);
    const body = (await c.req.json().catch(() => null)) as { id?: unknown; type?: unknown; address?: unknown; token?: unknown; expiration?: unknown } | null;
    if (!body || typeof body.id !== "string" || !body.id) return googleError(c, 400, "required", "Required: id.");
    if (body.type !== "web_hook" && body.type !== "webhook") return googleError(c, 400, "invalid", "Invalid channel type.");
    if (typeof body.address !== "string" || !/^https?:\/\//.test(body.address)) return googleError(c, 400, "invalid", "Invalid address.");
    if ([...channels.values()].some((channel) => channel.id === body.id)) return googleError(c, 400, "duplicate", "Channel id not unique.");
    const asked = body.expiration === undefined ? Number.POSITIVE_INFINITY : Number(body.expiration);
    const expiration = Math.min(Number.isFinite(asked) ? asked : Number.POSITIVE_INFINITY, Date.now() + channelTtlMs);
    const channel = { id: body.id, resourceId: randomBytes(12).toString("base64url"), token: typeof body.token === "string" ? body.token : null, address: body.address, expiration, messages: 0, calendar };
    channels.set(channel.id, channel);
    // The first message says the channel works. Google sends it as soon as the channel exists, so
    // it can arrive before the answer to this call: the stand-in lets the receiver answer it first
    // (up to a second), so a receiver that knows the channel only from this answer is caught every time.
    await Promise.race([push(channel, "sync"), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    return c.json({ kind: "api#channel", id: channel.id, resourceId: channel.resourceId, resourceUri: `${new URL(c.req.url).origin}/calendar/v3/calendars/primary/events?alt=json`, ...(channel.token !== null ? { token: channel.token } : {}), expiration: String(expiration) });
  });

  // channels.stop: the id and resourceId must both match; stopping another user's channel is "not found".
  api.post("/channels/stop", async (c) => {
    const body = (await c.req.json().catch(() => null)) as { id?: unknown; resourceId?: unknown } | null;
    const channel = typeof body?.id === "string" ? channels.get(body.id) : undefined;
    if (!channel || channel.resourceId !== body?.resourceId || channel.calendar !== userOf(c.get("user")).calendar) return googleError(c, 404, "notFound", "Channel not found.");
    channels.delete(channel.id);
    return c.body(null, 204);
  });

  const findEvent = (c: Context<{ Variables: { user: string } }>) => calendarOf(c).events.get(c.req.param("eventId") ?? "");

  api.get("/calendars/:calendarId/events/:eventId", (c) => {
    const event = findEvent(c);
    return event ? c.json(event) : googleError(c, 404, "notFound", "Not Found");
  });

  api.patch("/calendars/:calendarId/events/:eventId", async (c) => {
    const event = findEvent(c);
    if (!event) return googleError(c, 404, "notFound", "Not Found");
    const body = (await c.req.json().catch(() => ({}))) as Partial<GoogleEvent>;
    if (body.status !== undefined && !isEventStatus(body.status)) return googleError(c, 400, "invalid", "Invalid event status.");
    // A deleted event answers 410, unless the patch restores it (status back to confirmed or tentative).
    const isRestore = body.status === "confirmed" || body.status === "tentative";
    if (event.status === "cancelled" && !isRestore) return googleError(c, 410, "deleted", "Resource has been deleted");
    const { id: _id, iCalUID: _uid, kind: _kind, ...changes } = body;
    const recurrenceIssue = recurrenceProblem({ ...event, ...changes });
    if (recurrenceIssue) return googleError(c, 400, "invalid", recurrenceIssue);
    if (changes.attendees !== undefined && !validAttendees(changes.attendees, event.attendees)) return googleError(c, 400, "invalid", "Invalid attendee.");
    Object.assign(event, changes, { updated: new Date().toISOString(), sequence: event.sequence + 1, etag: newEtag() });
    dropEmptyRecurrence(event);
    changed(calendarOf(c).calendar, event);
    return c.json(event);
  });

  api.delete("/calendars/:calendarId/events/:eventId", (c) => {
    const event = findEvent(c);
    if (!event) return googleError(c, 404, "notFound", "Not Found");
    if (event.status === "cancelled") return googleError(c, 410, "deleted", "Resource has been deleted");
    Object.assign(event, { status: "cancelled", updated: now(), etag: newEtag() });
    changed(calendarOf(c).calendar, event);
    return c.body(null, 204);
  });

  api.post("/freeBusy", async (c) => {
    const body = (await c.req.json().catch(() => null)) as { timeMin?: string; timeMax?: string; items?: Array<{ id: string }> } | null;
    if (!body?.timeMin || !body.timeMax) return googleError(c, 400, "required", "Missing timeMin or timeMax.");
    const from = Date.parse(body.timeMin);
    const to = Date.parse(body.timeMax);
    // Every occurrence of a recurring event is busy, as in Google.
    const own = [...userOf(c.get("user")).calendar.events.values()].filter((event) => event.status !== "cancelled").flatMap(instancesOf);
    const busy = own
      .map((event) => ({ start: instantOf(event.start), end: instantOf(event.end) }))
      .filter(({ start, end }) => end > from && start < to)
      .sort((a, b) => a.start - b.start)
      .map(({ start, end }) => ({ start: new Date(Math.max(start, from)).toISOString(), end: new Date(Math.min(end, to)).toISOString() }));
    const calendars = Object.fromEntries((body.items ?? [{ id: "primary" }]).map((item) => [item.id, { busy }]));
    return c.json({ kind: "calendar#freeBusy", timeMin: body.timeMin, timeMax: body.timeMax, calendars });
  });

  app.route("/calendar/v3", api);

  // Test-only: what a person does in Google Calendar's own screens. Never part of Google's API.
  const controlApp = new Hono();
  const eventRefOf = (body: { event_id?: unknown; iCalUID?: unknown }) => ({
    ...(typeof body.event_id === "string" ? { id: body.event_id } : {}),
    ...(typeof body.iCalUID === "string" ? { iCalUID: body.iCalUID } : {}),
  });
  const controlBody = async (c: Context) => ((await c.req.json().catch(() => null)) ?? {}) as Record<string, unknown>;
  const missing = (c: Context, field: string) => c.json({ error: `${field} is required` }, 400);
  controlApp.post("/move", async (c) => {
    const body = await controlBody(c);
    if (typeof body.calendar !== "string") return missing(c, "calendar");
    if (!body.start || !body.end) return missing(c, "start and end");
    const event = control.move(body.calendar, eventRefOf(body), { start: body.start as GoogleEventDate, end: body.end as GoogleEventDate });
    return event ? c.json(event) : c.json({ error: "no such event" }, 404);
  });
  controlApp.post("/delete", async (c) => {
    const body = await controlBody(c);
    if (typeof body.calendar !== "string") return missing(c, "calendar");
    return control.remove(body.calendar, eventRefOf(body)) ? c.body(null, 204) : c.json({ error: "no such event" }, 404);
  });
  controlApp.post("/respond", async (c) => {
    const body = await controlBody(c);
    if (typeof body.calendar !== "string") return missing(c, "calendar");
    if (!isAttendeeResponse(body.responseStatus)) return missing(c, "responseStatus (needsAction, accepted, declined or tentative)");
    const event = control.respond(body.calendar, eventRefOf(body), body.responseStatus);
    return event ? c.json(event) : c.json({ error: "no such invitation" }, 404);
  });
  controlApp.post("/invalidate-sync-tokens", async (c) => {
    const body = await controlBody(c);
    if (typeof body.calendar !== "string") return missing(c, "calendar");
    return control.invalidateSyncTokens(body.calendar) ? c.body(null, 204) : c.json({ error: "no such calendar" }, 404);
  });
  controlApp.get("/events", (c) => {
    const events = control.events(c.req.query("calendar") ?? "");
    return events ? c.json({ items: events }) : c.json({ error: "no such calendar" }, 404);
  });
  app.route("/control", controlApp);

  return {
    app,
    tokens: {
      issue: (refreshToken?: string, issueOptions?: { expiresInSeconds?: number; email?: string }) =>
        issueAccess(refreshToken ?? `1//${randomUUID()}`, issueOptions?.expiresInSeconds, issueOptions?.email),
      revoke: (refreshToken: string) => void (userOf(refreshToken).isRevoked = true),
      expireAccess: (refreshToken: string) => {
        for (const [token, access] of accessTokens) if (access.user === refreshToken) accessTokens.delete(token);
      },
      refreshCount: (refreshToken: string) => users.get(refreshToken)?.refreshes ?? 0,
      isRevoked: (refreshToken: string) => users.get(refreshToken)?.isRevoked ?? false,
      issueForAccount,
    },
    inject: (failure: InjectedFailure) => void failures.push({ ...failure }),
    control,
    channels: () => [...channels.values()].map(({ calendar: _calendar, ...channel }) => ({ ...channel })),
    slowDown: (ms: number) => void (extraLatencyMs = Math.max(0, ms)),
    events: (refreshToken?: string) => {
      const owners = refreshToken ? [users.get(refreshToken)].filter((user) => user !== undefined) : [...users.values()];
      // A shared calendar once, however many refresh tokens its account has.
      const calendars = new Set(owners.map((user) => user.calendar));
      return [...calendars].flatMap((calendar) => [...calendar.events.values()]).filter((event) => event.status !== "cancelled");
    },
    calls: () => [...recorded],
    pushes: () => pushes.map((sent) => ({ ...sent })),
  };
}

/** Serves the stand-in over HTTP (port 0: a free one). */
export async function createGoogleStandIn(options: GoogleStandInOptions = {}): Promise<GoogleStandIn> {
  const standIn = createGoogleStandInApp(options);
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: standIn.app.fetch, port: options.port ?? 0, hostname: options.host ?? "127.0.0.1" }, () => resolve(started as Server));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host && options.host !== "0.0.0.0" ? options.host : "127.0.0.1"}:${port}`;
  return {
    ...standIn,
    url,
    port,
    tokenUrl: `${url}/token`,
    revokeUrl: `${url}/revoke`,
    calendarApiUrl: `${url}/calendar/v3`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

import { describe, expect, it } from "vitest";
import { RELATIONSHIP_REQUEST_STATUSES } from "@amia/contracts";
import { mayAnswer, mayDelete, mayView, roleOf, type RequestRole } from "./request-rules.ts";
import { isToSelf, maySend } from "./send-rules.ts";

const ROLES: RequestRole[] = ["requester", "recipient", "outsider"];

describe("role of the acting user", () => {
  it("knows the requester, the recipient once delivered, and everyone else", () => {
    const delivered = { requester_id: "ana", requested_user_id: "bo" };
    expect(roleOf(delivered, "ana")).toBe("requester");
    expect(roleOf(delivered, "bo")).toBe("recipient");
    expect(roleOf(delivered, "cy")).toBe("outsider");
  });

  it("treats nobody as the recipient of a request still waiting for its email's owner", () => {
    expect(roleOf({ requester_id: "ana", requested_user_id: null }, "bo")).toBe("outsider");
  });
});

describe("request rules, every role in every state", () => {
  const table = ROLES.flatMap((role) =>
    RELATIONSHIP_REQUEST_STATUSES.map((status) => {
      const answer = mayAnswer(role, status);
      const remove = mayDelete(role, status);
      return `${role} ${status}: view ${verdict(mayView(role))}, answer ${verdict(answer)}, delete ${verdict(remove)}`;
    }),
  );

  it("lets only the recipient answer, only while pending; only the requester delete; outsiders see nothing", () => {
    expect(table).toEqual([
      "requester pending: view ok, answer forbidden, delete ok",
      "requester accepted: view ok, answer forbidden, delete ok",
      "requester rejected: view ok, answer forbidden, delete ok",
      "recipient pending: view ok, answer ok, delete forbidden",
      "recipient accepted: view ok, answer conflict, delete forbidden",
      "recipient rejected: view ok, answer conflict, delete forbidden",
      "outsider pending: view not_found, answer not_found, delete not_found",
      "outsider accepted: view not_found, answer not_found, delete not_found",
      "outsider rejected: view not_found, answer not_found, delete not_found",
    ]);
  });

  it("says why in words a person understands", () => {
    expect(mayAnswer("requester", "pending")).toMatchObject({ message: "Only the person this request was sent to can accept or decline it" });
    expect(mayAnswer("recipient", "accepted")).toMatchObject({ message: "This request has already been accepted" });
    expect(mayAnswer("recipient", "rejected")).toMatchObject({ message: "This request has already been declined" });
    expect(mayDelete("recipient", "pending")).toMatchObject({ message: "Only the person who sent this request can delete it" });
    expect(mayView("outsider")).toMatchObject({ message: "Relationship request not found" });
  });
});

describe("sending a request", () => {
  const ana = { id: "ana", email: "ana@example.com" };
  const facts = { requester: ana, requested: { email: "bo@example.com", userId: "bo" }, isAlreadyRelated: false, hasPendingRequest: false };

  it("refuses a request to yourself, by email or by account", () => {
    expect(isToSelf({ requester: ana, requested: { email: "ana@example.com", userId: null } })).toBe(true);
    expect(isToSelf({ requester: ana, requested: { email: "other@example.com", userId: "ana" } })).toBe(true);
    expect(maySend({ ...facts, requested: { email: "ana@example.com", userId: "ana" } })).toEqual({
      allowed: false,
      code: "validation_failed",
      field: "requested_email",
      message: "You cannot send a relationship request to yourself",
    });
  });

  it("refuses when already related, then when a request is pending, else allows", () => {
    expect(maySend({ ...facts, isAlreadyRelated: true, hasPendingRequest: true })).toMatchObject({ code: "conflict", message: "You are already connected with bo@example.com" });
    expect(maySend({ ...facts, hasPendingRequest: true })).toMatchObject({
      code: "conflict",
      message: "A relationship request between you and bo@example.com is already pending",
    });
    expect(maySend(facts)).toEqual({ allowed: true });
  });
});

function verdict(result: ReturnType<typeof mayView>): string {
  return result.allowed ? "ok" : result.code;
}

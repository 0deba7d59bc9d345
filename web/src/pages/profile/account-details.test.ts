import { describe, expect, it } from "vitest";
import type { TSessionUser } from "@amia/contracts";
import { accountDetails, providerLabel } from "./account-details.ts";

function user(overrides: Partial<TSessionUser> = {}): TSessionUser {
  return {
    id: "u1",
    email: "ada@example.com",
    user_metadata: { name: "Ada Lovelace", full_name: "Augusta Ada King" },
    app_metadata: { provider: "google" },
    email_confirmed_at: "2026-01-02T10:00:00.000Z",
    created_at: "2026-01-02T10:00:00.000Z",
    last_sign_in_at: "2026-03-11T14:05:00.000Z",
    ...overrides,
  };
}

const valueOf = (details: ReturnType<typeof accountDetails>, label: string) => details.find((row) => row.label === label)?.value;

describe("accountDetails", () => {
  it("lists the six rows in order", () => {
    expect(accountDetails(user(), "UTC").map((row) => row.label)).toEqual([
      "Name",
      "Email",
      "Provider",
      "Email Verified",
      "Account Created",
      "Last Sign In",
    ]);
  });

  it("shows a signed-in user's details", () => {
    const details = accountDetails(user(), "UTC");
    expect(valueOf(details, "Name")).toBe("Ada Lovelace");
    expect(valueOf(details, "Email")).toBe("ada@example.com");
    expect(valueOf(details, "Provider")).toBe("Google");
    expect(valueOf(details, "Email Verified")).toBe("Yes");
    expect(valueOf(details, "Account Created")).toBe("Jan 2, 2026, 10:00 AM");
    expect(valueOf(details, "Last Sign In")).toBe("Mar 11, 2026, 2:05 PM");
  });

  it("falls back from name to full_name, then to Not provided", () => {
    expect(valueOf(accountDetails(user({ user_metadata: { name: null, full_name: "Ada K" } })), "Name")).toBe("Ada K");
    expect(valueOf(accountDetails(user({ user_metadata: { name: "  ", full_name: null } })), "Name")).toBe("Not provided");
  });

  it("says No for an unconfirmed email and Unknown for a missing sign-in time", () => {
    const details = accountDetails(user({ email_confirmed_at: null, last_sign_in_at: null }));
    expect(valueOf(details, "Email Verified")).toBe("No");
    expect(valueOf(details, "Last Sign In")).toBe("Unknown");
  });

  it("says Unknown for an unreadable date or an empty provider", () => {
    expect(valueOf(accountDetails(user({ created_at: "not a date" })), "Account Created")).toBe("Unknown");
    expect(providerLabel("")).toBe("Unknown");
    expect(providerLabel("github")).toBe("Github");
  });
});

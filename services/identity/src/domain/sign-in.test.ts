import { describe, expect, it } from "vitest";
import { changedProfileFields, profileFromSignIn } from "./sign-in.ts";

const signIn = { issuer: "https://accounts.google.com", subject: "1", provider: "google", email: "ana@example.com", email_verified: true };

describe("sign-in profile", () => {
  it("falls back from full_name to name, and to null when the provider gave neither", () => {
    expect(profileFromSignIn({ ...signIn, name: "Ana" }).full_name).toBe("Ana");
    expect(profileFromSignIn({ ...signIn, name: "Ana", full_name: "Ana Silva" }).full_name).toBe("Ana Silva");
    expect(profileFromSignIn(signIn)).toMatchObject({ name: null, full_name: null });
  });

  it("names exactly the fields a later sign-in changed", () => {
    const stored = profileFromSignIn({ ...signIn, name: "Ana" });
    expect(changedProfileFields(stored, profileFromSignIn({ ...signIn, name: "Ana" }))).toEqual([]);
    expect(changedProfileFields(stored, profileFromSignIn({ ...signIn, name: "Ana", email: "ana@new.example", email_verified: false }))).toEqual([
      "email",
      "email_verified",
    ]);
  });
});

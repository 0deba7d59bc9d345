import { describe, expect, it } from "vitest";
import { cancelRequestDialog, personName, removeRelationshipDialog } from "./relationship-actions.ts";

describe("the Relationships tab's confirmations", () => {
  it("names a person by name, else by email", () => {
    expect(personName({ full_name: "Bruno Costa", email: "bruno@example.com" })).toBe("Bruno Costa");
    expect(personName({ full_name: "  ", email: "bruno@example.com" })).toBe("bruno@example.com");
    expect(personName({ full_name: null, email: "bruno@example.com" })).toBe("bruno@example.com");
  });

  it("asks before removing a connection, saying reviews end both ways", () => {
    const words = removeRelationshipDialog({ full_name: "Bruno Costa", email: "bruno@example.com" });
    expect(words.title).toBe("Remove Bruno Costa?");
    expect(words.message).toContain("neither of you can ask the other to review an event");
  });

  it("asks before cancelling a sent request, naming the address", () => {
    const words = cancelRequestDialog("dan@example.com");
    expect(words.title).toBe("Cancel this request?");
    expect(words.message).toContain("dan@example.com");
  });
});

import { describe, expect, it } from "vitest";
import { EVENT_TOPIC, EVENT_TYPES } from "@amia/contracts";
import { topicsOfHandlers } from "./subscriptions.ts";

const handle = async () => undefined;

describe("topicsOfHandlers", () => {
  it("subscribes to the catalogue topic of every event type handled, once each, in a stable order", () => {
    expect(topicsOfHandlers({ "relationship.deleted": handle, "user.updated": handle, "user.registered": handle, "relationship.created": handle })).toEqual([
      "relationships",
      "users",
    ]);
  });

  it("follows the catalogue for every event type, so no handler can be left unsubscribed", () => {
    for (const type of EVENT_TYPES) expect(topicsOfHandlers({ [type]: handle }), type).toEqual([EVENT_TOPIC[type]]);
  });

  it("ignores a type whose handler is absent", () => {
    expect(topicsOfHandlers({ "user.registered": handle, "calendar.event-synced": undefined })).toEqual(["users"]);
  });

  it("refuses a handled type that the catalogue does not know, rather than never running it", () => {
    expect(() => topicsOfHandlers({ "user.exploded": handle } as never)).toThrow(/user\.exploded/);
  });
});

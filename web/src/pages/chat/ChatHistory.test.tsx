import { describe, expect, it } from "vitest";
import type { QueryClient } from "@tanstack/react-query";
import type { TConversationSummary, TListConversationsResponse } from "@amia/contracts";
import { CONVERSATIONS_PAGE_SIZE } from "../../api/assistant.ts";
import { ApiError } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { ChatHistory } from "./ChatHistory.tsx";
import { ChatPage } from "./ChatPage.tsx";
import { renderChat, seedError, type Seed } from "./chat-render.tsx";

/* Server-rendered: the history in each of its states, from the cache (nothing is fetched). */

const listKey = keys.conversationList({ take: CONVERSATIONS_PAGE_SIZE });
const HOUR = 60 * 60 * 1000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

const conversation = (id: string, overrides: Partial<TConversationSummary> = {}): TConversationSummary => ({
  id,
  title: `Chat ${id}`,
  preview: `Preview of ${id}`,
  created_at: ago(400),
  updated_at: ago(2),
  ...overrides,
});

const seedList =
  (conversations: TConversationSummary[], total = conversations.length): Seed =>
  (client: QueryClient) => {
    const page: TListConversationsResponse = { conversations, skip: 0, take: CONVERSATIONS_PAGE_SIZE, total_count: total };
    client.setQueryData(listKey, { pages: [page], pageParams: [0] });
  };

const render = (seed?: Seed, selectedId: string | null = null) =>
  renderChat(<ChatHistory selectedId={selectedId} onSelect={() => undefined} onCleared={() => undefined} />, { seed });

describe("ChatHistory", () => {
  it("says it is loading at first", () => {
    expect(render()).toContain("Loading chat history");
  });

  it("says so when the history cannot be loaded, and offers to try again", () => {
    const html = render((client) => seedError(client, listKey, new ApiError(500, "raw server text")));
    expect(html).toContain("Couldn&#x27;t load your chat history.");
    expect(html).toContain("Try Again");
    expect(html).not.toContain("raw server text");
  });

  it("reads 'No chat history yet' when there is none, with no Clear", () => {
    const html = render(seedList([]));
    expect(html).toContain("No chat history yet");
    expect(html).not.toContain("Clear chat history");
  });

  it("lists each conversation's title, preview and time by the display rule, marking the one on screen", () => {
    const html = render(
      seedList([
        conversation("c1", { title: "Lunch with Bruno", preview: "I've drafted Lunch with Bruno", updated_at: ago(2) }),
        conversation("c2", { updated_at: ago(72) }),
        conversation("c3", { updated_at: ago(24 * 30) }),
      ]),
      "c1",
    );
    expect(html).toContain("Lunch with Bruno");
    expect(html).toContain("I&#x27;ve drafted Lunch with Bruno");
    const times = [...html.matchAll(/<time class="chat-history-item-time"[^>]*>([^<]*)<\/time>/g)].map((match) => match[1]);
    expect(times[0]).toMatch(/^\d{1,2}:\d\d [AP]M$/); // the 12-hour clock of the messages
    expect(times[1]).toMatch(/^(Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day$/);
    expect(times[2]).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
    expect(html).toMatch(/class="chat-history-item chat-history-item--selected" aria-current="true"/);
    expect(html.match(/aria-current/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Clear chat history"');
    expect(html).not.toContain("Show more");
  });

  it("offers Show more when there are more than one page holds", () => {
    const html = render(seedList([conversation("c1"), conversation("c2")], 45));
    expect(html).toContain("Show more");
  });
});

describe("ChatPage", () => {
  it("shows the empty conversation, the message box with its 2,000-character limit, and the history", () => {
    const html = renderChat(<ChatPage />, { seed: seedList([]) });
    expect(html).toContain("Ask Amia about your calendar, events and plans.");
    expect(html).toContain('maxLength="2000"');
    expect(html).toContain("No chat history yet");
    expect(html).toContain("New Chat");
  });
});

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type {
  TConfirmProposalBody,
  TConversationResponse,
  TListConversationsResponse,
  TProposal,
  TProposalResponse,
} from "@amia/contracts";
import { api } from "./client.ts";
import { keys } from "./keys.ts";

/*
 * The assistant's proposals and stored conversations (contracts/src/assistant.ts). A proposal
 * card reads its proposal from the cache under keys.proposal(id): the stream or a reopened
 * conversation seeds it, and Confirm / Undo / Cancel replace it with what the server answers.
 */

const proposalPath = (id: string, action?: "confirm" | "undo" | "cancel") =>
  `/api/v1/agent/proposals/${encodeURIComponent(id)}${action ? `/${action}` : ""}`;
const CONVERSATIONS_PATH = "/api/v1/agent/conversations";
const conversationPath = (id: string) => `${CONVERSATIONS_PATH}/${encodeURIComponent(id)}`;

/** How many conversations the sidebar loads at a time ("Show more" loads the next ones). */
export const CONVERSATIONS_PAGE_SIZE = 20;

/**
 * One proposal, as the card shows it: `initial` (from the stream or the conversation) until
 * the cache holds something newer. Never refetched by itself: its status changes only through
 * this user's own actions, which write the answer into the cache.
 */
export function useProposal(initial: TProposal) {
  return useQuery({
    queryKey: keys.proposal(initial.id),
    queryFn: async ({ signal }) => (await api<TProposalResponse>(proposalPath(initial.id), { signal })).proposal,
    initialData: initial,
    staleTime: Infinity,
  });
}

/** Puts proposals the server just sent (a reopened conversation) into the cache, as they are now. */
export function seedProposals(client: QueryClient, proposals: readonly TProposal[]): void {
  for (const proposal of proposals) client.setQueryData(keys.proposal(proposal.id), proposal);
}

export type ProposalAction = "confirm" | "undo" | "cancel";

/**
 * Confirm (with the card's reviewer choices), Undo or Cancel one proposal. The answer replaces
 * the cached proposal; a refusal (expired, already used, not found) reloads it, so the card
 * shows where it really stands. Confirm and Undo write event requests: those lists reload.
 */
export function useProposalAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, body }: { action: ProposalAction; body?: TConfirmProposalBody }) =>
      (await api<TProposalResponse>(proposalPath(id, action), { method: "POST", body: body ?? {} })).proposal,
    onSuccess: (proposal, { action }) => {
      client.setQueryData(keys.proposal(id), proposal);
      if (action !== "cancel") void client.invalidateQueries({ queryKey: keys.eventRequests });
    },
    onError: () => client.invalidateQueries({ queryKey: keys.proposal(id) }),
  });
}

/** My conversations, most recent first, a page at a time (the chat sidebar's history). */
export function useConversations() {
  return useInfiniteQuery({
    queryKey: keys.conversationList({ take: CONVERSATIONS_PAGE_SIZE }),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api<TListConversationsResponse>(CONVERSATIONS_PATH, { query: { skip: pageParam, take: CONVERSATIONS_PAGE_SIZE }, signal }),
    getNextPageParam: (last) => (last.skip + last.conversations.length < last.total_count && last.conversations.length > 0 ? last.skip + last.conversations.length : undefined),
  });
}

/** The query of one conversation with its messages; its cards go into the proposal cache. */
export function conversationQuery(client: QueryClient, id: string) {
  return {
    queryKey: keys.conversation(id),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const { conversation } = await api<TConversationResponse>(conversationPath(id), { signal });
      seedProposals(client, conversation.messages.flatMap((message) => message.proposals));
      return conversation;
    },
  };
}

/** Loads one of my conversations fresh (reopening it from the history). */
export function fetchConversation(client: QueryClient, id: string) {
  return client.fetchQuery({ ...conversationQuery(client, id), staleTime: 0 });
}

/** One of my conversations, with its messages and cards. */
export function useConversation(id: string | null) {
  const client = useQueryClient();
  return useQuery({ ...conversationQuery(client, id ?? ""), enabled: id !== null });
}

/** Deletes one of my conversations. */
export function useDeleteConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(conversationPath(id), { method: "DELETE" }),
    onSuccess: (_result, id) => {
      client.removeQueries({ queryKey: keys.conversation(id) });
      return client.invalidateQueries({ queryKey: keys.conversations });
    },
  });
}

/** Clears my chat history: every conversation goes. */
export function useClearConversations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(CONVERSATIONS_PATH, { method: "DELETE" }),
    onSuccess: () => {
      client.removeQueries({ queryKey: [...keys.conversations, "one"] });
      return client.invalidateQueries({ queryKey: keys.conversations });
    },
  });
}

import { useId, useState } from "react";
import { useClearConversations, useConversations } from "../../api/assistant.ts";
import { Button } from "../../components/Button.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Note } from "../../components/Note.tsx";
import { Skeleton } from "../../components/Skeleton.tsx";
import { useViewerTimeZone } from "../../api/settings.ts";
import { formatHistoryTime } from "../../lib/format.ts";
import { ASSISTANT_MESSAGES } from "../../lib/errors.ts";

export interface ChatHistoryProps {
  /** The conversation on screen, marked in the list. */
  selectedId: string | null;
  onSelect: (conversationId: string) => void;
  /** After Clear has deleted every conversation (the one on screen went too). */
  onCleared: () => void;
}

/**
 * The chat sidebar's Chat History (issue 10 point 7): my stored conversations, most recent
 * first, with title, preview and the time of SPEC.md section 9's display rule; selecting one
 * reopens it; Clear deletes them all after a confirmation; "Show more" loads the next page.
 */
export function ChatHistory({ selectedId, onSelect, onCleared }: ChatHistoryProps) {
  const headingId = useId();
  const conversations = useConversations();
  const clear = useClearConversations();
  const [isConfirming, setIsConfirming] = useState(false);
  const viewerZone = useViewerTimeZone();
  const items = conversations.data?.pages.flatMap((page) => page.conversations) ?? [];
  const now = new Date();

  const confirmClear = () =>
    clear.mutate(undefined, {
      onSuccess: () => {
        setIsConfirming(false);
        onCleared();
      },
      // The dialog closes; the failure shows under the list.
      onError: () => setIsConfirming(false),
    });

  return (
    <section className="chat-history" aria-labelledby={headingId}>
      <div className="chat-history-header">
        <h2 id={headingId} className="chat-history-title">
          Chat History
        </h2>
        {items.length > 0 && (
          <Button variant="subtle" size="x-small" aria-label="Clear chat history" onClick={() => setIsConfirming(true)}>
            Clear
          </Button>
        )}
      </div>
      {conversations.isPending ? (
        <>
          <span className="visually-hidden" role="status">
            Loading chat history
          </span>
          <Skeleton lines={4} />
        </>
      ) : conversations.isError && items.length === 0 ? (
        <div className="chat-history-error">
          <Note kind="error">{ASSISTANT_MESSAGES.fetchConversations}</Note>
          <Button variant="secondary" size="x-small" onClick={() => void conversations.refetch()}>
            Try Again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="chat-history-empty">No chat history yet</p>
      ) : (
        <>
          <ul className="chat-history-list">
            {items.map((item) => {
              const isSelected = item.id === selectedId;
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    className={`chat-history-item${isSelected ? " chat-history-item--selected" : ""}`}
                    aria-current={isSelected ? "true" : undefined}
                    onClick={() => onSelect(item.id)}
                  >
                    <span className="chat-history-item-top">
                      <span className="chat-history-item-title">{item.title || "Untitled chat"}</span>
                      <time className="chat-history-item-time" dateTime={item.updated_at}>
                        {formatHistoryTime(item.updated_at, now, viewerZone)}
                      </time>
                    </span>
                    <span className="chat-history-item-preview">{item.preview}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          {conversations.hasNextPage && (
            <Button
              variant="subtle"
              size="x-small"
              className="chat-history-more"
              loading={conversations.isFetchingNextPage}
              onClick={() => void conversations.fetchNextPage()}
            >
              Show more
            </Button>
          )}
          {conversations.isFetchNextPageError && <p className="chat-history-empty">{ASSISTANT_MESSAGES.fetchConversations}</p>}
        </>
      )}
      <ConfirmDialog
        open={isConfirming}
        title="Clear your chat history?"
        message="Every conversation with Amia is deleted. Events and requests you confirmed stay as they are."
        confirmLabel="Clear history"
        busy={clear.isPending}
        onConfirm={confirmClear}
        onCancel={() => {
          clear.reset();
          setIsConfirming(false);
        }}
      />
      {clear.isError && !isConfirming && <Note kind="error" onClose={() => clear.reset()}>{ASSISTANT_MESSAGES.clearConversations}</Note>}
    </section>
  );
}

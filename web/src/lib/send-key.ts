import type { KeyboardEvent } from "react";

/** Enter sends; Shift+Enter inserts a newline; Enter that confirms an IME composition does neither. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === "Enter" && !event.shiftKey && !event.isComposing;
}

/** A textarea's onKeyDown that calls `send` on the send key instead of inserting a newline. */
export function sendOnEnter(send: () => void) {
  return (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) {
      event.preventDefault();
      send();
    }
  };
}

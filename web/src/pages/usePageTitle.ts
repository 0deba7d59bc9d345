import { useEffect } from "react";

export const APP_NAME = "Amia";

/** The browser tab's title for a page: "Pricing — Amia". */
export function pageTitle(title: string): string {
  return title ? `${title} — ${APP_NAME}` : APP_NAME;
}

/** Sets document.title while the page is shown (each page sets its own, so no restore is needed). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

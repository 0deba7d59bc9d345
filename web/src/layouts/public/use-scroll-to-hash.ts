import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

/** How long to wait for a lazily loaded page to render the element an anchor points at. */
const WAIT_FOR_TARGET_MS = 3_000;

/**
 * react-router does not scroll to `/#features`-style anchors, and the pages are lazy-loaded, so the
 * target may not exist yet: scroll once it appears. A page reached by a link without an anchor starts
 * at the top; Back/Forward (POP) leaves scrolling to the browser.
 */
export function useScrollToHash(): void {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (!hash) {
      if (navigationType !== "POP") window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const scrollTo = (target: HTMLElement) => {
      const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
      target.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    };
    const existing = document.getElementById(id);
    if (existing) {
      scrollTo(existing);
      return;
    }
    const observer = new MutationObserver(() => {
      const target = document.getElementById(id);
      if (!target) return;
      stop();
      scrollTo(target);
    });
    const timer = window.setTimeout(() => stop(), WAIT_FOR_TARGET_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash, key, navigationType]);
}

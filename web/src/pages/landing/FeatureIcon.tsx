import type { LandingFeature } from "./landing-content.ts";

/**
 * Line icons drawn inline: emoji depend on the visitor's fonts (a bare Linux browser shows empty
 * boxes), these do not. Decorative: the card's heading names the feature.
 */
const PATHS: Record<LandingFeature["icon"], string> = {
  calendar: "M4 6h16v14H4zM4 10h16M8 3v4M16 3v4",
  people: "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M16 11a3 3 0 1 0 0-6M18 20a6 6 0 0 0-3-5.2",
  bolt: "M13 3 5 14h6l-1 7 8-11h-6z",
  lock: "M6 11h12v9H6zM9 11V8a3 3 0 0 1 6 0v3",
  sync: "M4 12a8 8 0 0 1 14-5.3M20 4v4h-4M20 12a8 8 0 0 1-14 5.3M4 20v-4h4",
  chart: "M4 20h16M7 16v-5M12 16V7M17 16v-8",
};

export function FeatureIcon({ icon }: { icon: LandingFeature["icon"] }) {
  return (
    <svg className="landing-feature-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={PATHS[icon]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

import "./Skeleton.css";

export interface SkeletonProps {
  lines?: number;
  className?: string;
}

/** Grey shimmering lines while content loads; hidden from screen readers. */
export function Skeleton({ lines = 3, className }: SkeletonProps) {
  const count = Math.max(0, Math.floor(lines));
  return (
    <div className={["skeleton", className].filter(Boolean).join(" ")} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className="skeleton__line" />
      ))}
    </div>
  );
}

export interface SkeletonCardsProps {
  count: number;
}

/** `count` card-shaped placeholders (e.g. 3 for drafts and events, 1 for notifications). */
export function SkeletonCards({ count }: SkeletonCardsProps) {
  const total = Math.max(0, Math.floor(count));
  return (
    <div className="skeleton-cards" aria-hidden="true">
      {Array.from({ length: total }, (_, index) => (
        <div key={index} className="skeleton-card">
          <span className="skeleton__line skeleton__line--title" />
          <span className="skeleton__line" />
          <span className="skeleton__line skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}

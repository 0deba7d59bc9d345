import { hasNext, hasPrevious, isPaged, pageOf, totalPages } from "../lib/pagination.ts";
import { Button } from "./Button.tsx";
import "./Pagination.css";

export interface PaginationProps {
  skip: number;
  take: number;
  total: number;
  /** Called with the skip of the page to show. */
  onChange: (skip: number) => void;
}

/**
 * "Page X of Y" between Previous and Next, which are disabled at the ends. Nothing on a list that
 * fits one page (unless the list is past its first, where Previous still leads back).
 */
export function Pagination({ skip, take, total, onChange }: PaginationProps) {
  const page = pageOf(skip, take);
  const pages = totalPages(total, take);
  if (!isPaged(skip, take, total)) return null;
  return (
    <nav className="pagination" aria-label="Pagination">
      <Button
        variant="secondary"
        size="small"
        disabled={!hasPrevious(skip)}
        onClick={() => onChange(Math.max(0, skip - take))}
      >
        Previous
      </Button>
      <span className="pagination__status" aria-live="polite">
        {`Page ${page} of ${pages}`}
      </span>
      <Button variant="secondary" size="small" disabled={!hasNext(skip, take, total)} onClick={() => onChange(skip + take)}>
        Next
      </Button>
    </nav>
  );
}

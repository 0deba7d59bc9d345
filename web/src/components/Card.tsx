import type { ReactNode } from "react";
import "./Card.css";

export interface CardProps {
  title?: ReactNode;
  /** Buttons or links shown at the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}

export function Card({ title, actions, children, className, headingLevel = 2 }: CardProps) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <div className={["card", className].filter(Boolean).join(" ")}>
      {(title || actions) && (
        <div className="card__header">
          {title && <Heading className="card__title">{title}</Heading>}
          {actions && <div className="card__actions">{actions}</div>}
        </div>
      )}
      <div className="card__body">{children}</div>
    </div>
  );
}

import "./LoadingMark.css";

/** The assistant's name pulsing while we wait for its first text. */
export function LoadingMark() {
  return (
    <div role="status" className="loading-mark">
      <span className="loading-mark__name">Amia</span>
      <span className="loading-mark__dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span className="visually-hidden">is thinking</span>
    </div>
  );
}

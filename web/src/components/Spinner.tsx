import "./Spinner.css";

export type SpinnerSize = "small" | "medium" | "large";

export interface SpinnerProps {
  /** Read by screen readers; not shown. */
  label?: string;
  size?: SpinnerSize;
}

/** A spinning ring announced as a status ("Loading" by default). */
export function Spinner({ label = "Loading", size = "medium" }: SpinnerProps) {
  return (
    <span role="status" className={`spinner spinner--${size}`}>
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A large spinner centred in the whole viewport, for the first load of a screen. */
export function FullScreenSpinner() {
  return (
    <div className="spinner-fullscreen">
      <Spinner size="large" />
    </div>
  );
}

import type { ToasterProps } from "react-hot-toast";

/**
 * SPEC.md section 9, "Toasts": blank and error 4 s, success 2 s, loading until done. The limit of
 * 20 is react-hot-toast's own default (toastLimit 20); the pricing toast sets its own 10 s.
 */
export const toastOptions: ToasterProps["toastOptions"] = {
  blank: { duration: 4_000 },
  error: { duration: 4_000 },
  success: { duration: 2_000 },
  loading: { duration: Infinity },
};

/**
 * At the foot of the screen, where a toast covers no header (the public one's Log In and Start
 * Free Trial, the signed-in one's menu) and reads on a phone as on a desktop.
 */
export const TOAST_POSITION: ToasterProps["position"] = "bottom-center";

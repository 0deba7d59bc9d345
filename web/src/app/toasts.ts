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

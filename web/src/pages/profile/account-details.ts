import type { TSessionUser } from "@amia/contracts";
import { formatDateTime } from "../../lib/format.ts";

/*
 * The Account tab's rows (SPEC.md section 2): Name, Email, Provider, Email Verified, Account
 * Created, Last Sign In, with the fallbacks "Not provided" (what the user could have given) and
 * "Unknown" (what the system should know).
 */

export const NOT_PROVIDED = "Not provided";
export const UNKNOWN = "Unknown";

export interface AccountDetail {
  label: string;
  value: string;
  /** An email address (shown so it wraps between its parts). */
  isEmail?: boolean;
}

function present(value: string | null | undefined): string | null {
  return value && value.trim() !== "" ? value : null;
}

/** "google" → "Google"; other provider ids are shown capitalised as they come. */
export function providerLabel(provider: string | null | undefined): string {
  const value = present(provider);
  if (!value) return UNKNOWN;
  return value.charAt(0).toUpperCase() + value.slice(1);
}

function when(value: string | null | undefined, timeZone?: string): string {
  return present(formatDateTime(value, timeZone)) ?? UNKNOWN;
}

export function accountDetails(user: TSessionUser, timeZone?: string): AccountDetail[] {
  return [
    { label: "Name", value: present(user.user_metadata.name) ?? present(user.user_metadata.full_name) ?? NOT_PROVIDED },
    present(user.email) ? { label: "Email", value: user.email, isEmail: true } : { label: "Email", value: NOT_PROVIDED },
    { label: "Provider", value: providerLabel(user.app_metadata.provider) },
    { label: "Email Verified", value: user.email_confirmed_at ? "Yes" : "No" },
    { label: "Account Created", value: when(user.created_at, timeZone) },
    { label: "Last Sign In", value: when(user.last_sign_in_at, timeZone) },
  ];
}

/**
 * Words and text files of the Settings tab's two-step verification (pure, so tested without a
 * browser).
 */

/** A base32 setup key in groups of four, as authenticator apps show keys ("GEZD GNBV ..."). */
export function groupedKey(secret: string): string {
  return secret.replace(/\s+/g, "").match(/.{1,4}/g)?.join(" ") ?? "";
}

/** The recovery codes as the file "Download" saves (and "Copy" copies): what they are, then one per line. */
export function recoveryCodesText(codes: readonly string[], email: string | null): string {
  return [
    `Amia recovery codes${email ? ` for ${email}` : ""}`,
    "Each code signs you in once if you can't use your authenticator app. Keep them somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/** "10 recovery codes left" / "1 recovery code left" / "No recovery codes left". */
export function recoveryCodesLeft(count: number): string {
  if (count === 0) return "No recovery codes left";
  return `${count} recovery code${count === 1 ? "" : "s"} left`;
}

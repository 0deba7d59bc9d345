/**
 * An email address cut where a line may break: after "@", before "." and "-" ("ana.silva@x.io"
 * → ["ana", ".silva@", "x", ".io"]). Joined again, the parts are the address.
 */
export function emailBreakParts(email: string): string[] {
  return email.split(/(?<=@)|(?=[.-])/).filter((part) => part !== "");
}

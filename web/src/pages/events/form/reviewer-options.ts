import type { TRelationship } from "@amia/contracts";

/*
 * The reviewer select's options: the people the user is related to (label: their name, else
 * their email). A chosen reviewer missing from that list (an edited request's approver, or one
 * the assistant suggested) is kept as an option so the select never shows a blank choice.
 */

export type ReviewerOption = { value: string; label: string };

export function reviewerOptions(
  relationships: readonly TRelationship[],
  selectedId: string | null,
  selectedLabel?: string | null,
): ReviewerOption[] {
  const options: ReviewerOption[] = [];
  const seen = new Set<string>();
  for (const { other_user: user } of relationships) {
    if (seen.has(user.id)) continue;
    seen.add(user.id);
    options.push({ value: user.id, label: user.full_name?.trim() || user.email });
  }
  if (selectedId && !seen.has(selectedId)) {
    options.push({ value: selectedId, label: selectedLabel?.trim() || "Reviewer" });
  }
  return options;
}


import { END_BEFORE_START_MESSAGE, ZSmartParseProblemSchema, ZSmartParseResultSchema, type TSmartParseProblem, type TSmartParseResult } from "@amia/contracts";

/*
 * A smart-fill result, from our parser or from a model, is held to its own contract before it
 * leaves: whatever the contract refuses (a year 10000, an end before the start, a 300-character
 * title) is dropped and said as a problem, never returned. The dates go together: one date
 * without the other would be a silent half-fill.
 */

const DATE_FIELDS = new Set(["start_date", "end_date"]);
type ProblemField = NonNullable<TSmartParseProblem["field"]>;

function plainWords(field: string, issueMessage: string, value: unknown): string {
  if (issueMessage === END_BEFORE_START_MESSAGE) return "The end is before the start";
  const written = typeof value === "object" && value !== null ? Object.values(value).join(" ") : "";
  if (DATE_FIELDS.has(field) && /(?:^|\s)\d{5,}-/.test(written)) return "That date is too far away (after the year 9999)";
  if (DATE_FIELDS.has(field)) return "That date or time could not be used";
  if (/at most \d+ characters/.test(issueMessage)) return `The ${field} is too long (${issueMessage.replace(/^.*at most/, "at most")})`;
  return `The ${field} could not be used`;
}

/** What `candidate` may return under the contract, plus a problem for each field it had to drop. */
export function keepWhatTheContractAccepts(candidate: Record<string, unknown>, textOf: (field: string) => string = () => ""): TSmartParseResult {
  const value: Record<string, unknown> = { ...candidate };
  // Problems someone else reported (a model) are kept where they are well-formed.
  const problems: TSmartParseProblem[] = (Array.isArray(value.problems) ? value.problems : []).flatMap((problem: unknown) => {
    const parsed = ZSmartParseProblemSchema.safeParse(problem);
    return parsed.success ? [parsed.data] : [];
  });
  delete value.problems;
  // Each round drops at least one field, so this ends.
  for (let round = 0; round < 10; round += 1) {
    const parsed = ZSmartParseResultSchema.safeParse(problems.length > 0 ? { ...value, problems } : value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? "");
    if (field === "problems") {
      problems.splice(20);
      continue;
    }
    if (!(field in value)) return ZSmartParseResultSchema.parse({});
    const message = plainWords(field, issue.message, value[field]);
    const dropped = DATE_FIELDS.has(field) ? ["start_date", "end_date"] : [field];
    for (const name of dropped) delete value[name];
    const problemField = (DATE_FIELDS.has(field) ? "start_date" : field) as ProblemField;
    problems.push({
      ...(["start_date", "end_date", "title", "location"].includes(problemField) ? { field: problemField } : {}),
      text: textOf(problemField).slice(0, 500),
      message,
    });
  }
  return ZSmartParseResultSchema.parse({});
}

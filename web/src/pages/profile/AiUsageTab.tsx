import { useMemo, useState } from "react";
import { useAiCredits, useAiUsageCost, useAiUsageRecords } from "../../api/ai-usage.ts";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { Note } from "../../components/Note.tsx";
import { Pagination } from "../../components/Pagination.tsx";
import { Select } from "../../components/Select.tsx";
import { Skeleton } from "../../components/Skeleton.tsx";
import { creditsSummary, formatCredits, overBudgetMessage, PLAN_LABELS, renewalDay } from "../../lib/ai-credits.ts";
import { DEFAULT_MESSAGES, errorMessage } from "../../lib/errors.ts";
import { formatCost, formatDateTime } from "../../lib/format.ts";
import { currentMonth, monthOptions, monthRange, monthRangeOf } from "../../lib/month.ts";

const TAKE = 10; // SPEC.md section 9: AI usage page size
const MONTHS_SHOWN = 12; // the current month and the 11 before it

const tokens = new Intl.NumberFormat("en-US");

/** SPEC.md sections 2, 3, 8 and 9: "AI Usage" tab. */
export function AiUsageTab() {
  const [now] = useState(() => new Date());
  const options = useMemo(() => monthOptions(now, MONTHS_SHOWN), [now]);
  const [month, setMonth] = useState(() => currentMonth(now).value);
  const [skip, setSkip] = useState(0);

  const range = useMemo(() => {
    const current = currentMonth(now);
    return monthRangeOf(month) ?? monthRange(current.year, current.monthIndex);
  }, [month, now]);
  const monthLabel = options.find((option) => option.value === month)?.label ?? month;

  const cost = useAiUsageCost(range);
  const records = useAiUsageRecords(range, { skip, take: TAKE });

  const chooseMonth = (value: string | null) => {
    if (!value || value === month) return; // the empty option keeps the month shown
    setMonth(value);
    setSkip(0);
  };

  return (
    <div className="profile-stack">
      <AiCreditsCard />

      <Card title="AI Usage">
        <div className="profile-usage-summary">
          <div className="profile-usage-month">
            <Select label="Month" value={month} options={options} onChange={chooseMonth} />
          </div>
          <dl className="profile-usage-cost">
            <dt className="profile-usage-cost-label">Total cost for {monthLabel}</dt>
            <dd className="profile-usage-cost-value">{formatCost(cost.isPending ? null : cost.data, 4)}</dd>
          </dl>
        </div>
        <Note kind="info">AI pricing data is privileged data, this will be removed in future releases.</Note>
      </Card>

      <Card title="Usage Records">
        {records.isPending ? (
          <Skeleton lines={5} />
        ) : records.isError ? (
          <LoadFailed query={records} />
        ) : records.data.ai_usage_records.length === 0 ? (
          <div className="profile-empty">
            <p className="profile-empty-title">No AI usage records found.</p>
            <p className="profile-muted">Your AI usage will appear here once you start using Amia.</p>
          </div>
        ) : (
          <>
            <div className="profile-table-wrap" role="region" aria-label={`AI usage records, ${monthLabel}`} tabIndex={0}>
              <table className="profile-table" aria-busy={records.isPlaceholderData}>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Model</th>
                    <th scope="col" className="profile-table-number">Prompt Tokens</th>
                    <th scope="col" className="profile-table-number">Completion Tokens</th>
                    <th scope="col" className="profile-table-number">Total Tokens</th>
                    <th scope="col" className="profile-table-number">Cost</th>
                  </tr>
                </thead>
                <tbody>
                  {records.data.ai_usage_records.map((record) => (
                    <tr key={record.id}>
                      <td>{formatDateTime(record.created_at)}</td>
                      <td className="profile-table-model">{record.usage.model || record.metadata.model}</td>
                      <td className="profile-table-number">{tokens.format(record.usage.prompt_tokens)}</td>
                      <td className="profile-table-number">{tokens.format(record.usage.completion_tokens)}</td>
                      <td className="profile-table-number">{tokens.format(record.usage.total_tokens)}</td>
                      <td className="profile-table-number">{formatCost(record.cost, 4)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination skip={skip} take={TAKE} total={records.data.total_count} onChange={setSkip} />
          </>
        )}
      </Card>
    </div>
  );
}

/** This month's AI credits (issue 10, point 8): used and left, the plan, when they renew. */
function AiCreditsCard() {
  const credits = useAiCredits();
  const overBudget = credits.data ? overBudgetMessage(credits.data) : null;
  return (
    <Card title="AI Credits">
      {credits.isPending ? (
        <Skeleton lines={2} />
      ) : credits.isError ? (
        <LoadFailed query={credits} />
      ) : (
        <div className="profile-stack">
          <div>
            <p className="profile-usage-cost-value">{creditsSummary(credits.data)}</p>
            <p className="profile-muted">
              {PLAN_LABELS[credits.data.plan]} plan · {formatCredits(credits.data.credits_per_month)} credits a month · renews {renewalDay(credits.data)}
            </p>
          </div>
          {overBudget && <Note kind="warning">{overBudget}</Note>}
        </div>
      )}
    </Card>
  );
}

/** A load that failed: what went wrong, and a way to try again. */
function LoadFailed({ query }: { query: { error: unknown; isFetching: boolean; refetch: () => Promise<unknown> } }) {
  return (
    <div className="profile-usage-error">
      <Note kind="error">Error: {errorMessage(query.error, DEFAULT_MESSAGES.request)}</Note>
      <Button variant="secondary" loading={query.isFetching} onClick={() => void query.refetch()}>
        Try Again
      </Button>
    </div>
  );
}

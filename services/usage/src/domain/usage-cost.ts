import { priceTableKey, type PriceTable } from "./price-table.ts";

/** What a record stores about its price: the amount and what it was computed from. */
export interface PricedUsage {
  /** US dollars. */
  cost: number;
  /** The price table used (price-table.ts), so a later price change never rewrites this record. */
  price_table_version: string;
  /** The table's model key, or null when the model was unknown and cost 0. */
  priced_as: string | null;
}

export interface TokenUsage {
  model: string;
  prompt_tokens: number;
  completion_tokens: number;
}

/**
 * Costs are rounded to a billionth of a dollar: fine enough for the cheapest token
 * (0.05 $/M = 5e-8 $), coarse enough to drop float noise (0.1 + 0.2 = 0.30000000000000004)
 * from single records and from sums alike.
 */
const USD_PRECISION = 1e9;

export function roundUsd(amount: number): number {
  return Math.round(amount * USD_PRECISION) / USD_PRECISION;
}

/** The cost of one model call; an unknown model costs 0 (and says so in `priced_as`). */
export function priceUsage(table: PriceTable, usage: TokenUsage): PricedUsage {
  const key = priceTableKey(table, usage.model);
  const price = key === null ? undefined : table.models[key];
  if (key === null || !price) return { cost: 0, price_table_version: table.version, priced_as: null };
  const cost = (usage.prompt_tokens * price.input_per_million + usage.completion_tokens * price.output_per_million) / 1_000_000;
  return { cost: roundUsd(cost), price_table_version: table.version, priced_as: key };
}

/** Past this many distinct unknown names, stop remembering them (each is then reported again). */
const MAX_REMEMBERED_UNKNOWN_MODELS = 1_000;

/**
 * `priceUsage` with the current table that reports each unknown model the first time it is
 * seen: someone must add it to the table, but one line per model is enough to say so.
 */
export function createUsagePricer(table: PriceTable, onUnknownModel: (model: string) => void): (usage: TokenUsage) => PricedUsage {
  const reported = new Set<string>();
  return (usage) => {
    const priced = priceUsage(table, usage);
    const name = usage.model.trim().toLowerCase();
    if (priced.priced_as === null && !reported.has(name)) {
      if (reported.size < MAX_REMEMBERED_UNKNOWN_MODELS) reported.add(name);
      onUnknownModel(usage.model);
    }
    return priced;
  };
}

/*
 * What a model call costs. One versioned table: a record stores the version it was priced
 * with, so a new table (new prices, new models) applies to new records only and never rewrites
 * history. To change a price, add a new table and point CURRENT_PRICE_TABLE at it; keep the old
 * ones so a record's `price_table_version` still names what it was priced with.
 */

/** US dollars per million tokens. */
export interface ModelPrice {
  input_per_million: number;
  output_per_million: number;
}

export interface PriceTable {
  /** Stored on every record priced with this table. Storage value: never reuse one. */
  version: string;
  /** The day (UTC) from which these prices were published. */
  effective_from: string;
  /** Keyed by the model's base name, lower case, without a date suffix. */
  models: Readonly<Record<string, ModelPrice>>;
}

/**
 * OpenAI's published standard (non-batch, uncached-input) prices as we knew them in August
 * 2025, per million tokens; check openai.com/api/pricing before relying on them. The agent
 * reports no cached-input tokens, so every input token is priced at the uncached rate.
 * `amia-offline` is our own offline assistant: it costs nothing.
 */
export const PRICE_TABLE_2025_08: PriceTable = {
  version: "2025-08-07.1",
  effective_from: "2025-08-07",
  models: {
    "gpt-4o": { input_per_million: 2.5, output_per_million: 10 },
    "gpt-4o-mini": { input_per_million: 0.15, output_per_million: 0.6 },
    "gpt-4.1": { input_per_million: 2, output_per_million: 8 },
    "gpt-4.1-mini": { input_per_million: 0.4, output_per_million: 1.6 },
    "gpt-4.1-nano": { input_per_million: 0.1, output_per_million: 0.4 },
    "o4-mini": { input_per_million: 1.1, output_per_million: 4.4 },
    "gpt-5": { input_per_million: 1.25, output_per_million: 10 },
    "gpt-5-mini": { input_per_million: 0.25, output_per_million: 2 },
    "gpt-5-nano": { input_per_million: 0.05, output_per_million: 0.4 },
    "amia-offline": { input_per_million: 0, output_per_million: 0 },
  },
};

/** The table new records are priced with. */
export const CURRENT_PRICE_TABLE: PriceTable = PRICE_TABLE_2025_08;

/**
 * Snapshot names carry a release date: "gpt-4o-mini-2024-07-18" (current style) or
 * "gpt-4-0613" (older style). Both are priced as their base model.
 */
const DATE_SUFFIX = /-(\d{4}-\d{2}-\d{2}|\d{4})$/;

/** The table's key for a model name as a provider reports it, or null when it has none. */
export function priceTableKey(table: PriceTable, model: string): string | null {
  const name = model.trim().toLowerCase();
  if (Object.hasOwn(table.models, name)) return name;
  const base = name.replace(DATE_SUFFIX, "");
  return base !== name && Object.hasOwn(table.models, base) ? base : null;
}

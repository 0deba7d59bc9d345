import { describe, expect, it } from "vitest";
import { CURRENT_PRICE_TABLE, type PriceTable } from "./price-table.ts";
import { createUsagePricer, priceUsage, roundUsd } from "./usage-cost.ts";

const table: PriceTable = {
  version: "test.1",
  effective_from: "2025-01-01",
  models: {
    "gpt-4o": { input_per_million: 2.5, output_per_million: 10 },
    "gpt-4o-mini": { input_per_million: 0.15, output_per_million: 0.6 },
    "gpt-4": { input_per_million: 30, output_per_million: 60 },
  },
};

describe("the cost of a model call", () => {
  it("prices input and output tokens per million, with the table's version", () => {
    expect(priceUsage(table, { model: "gpt-4o-mini-2024-07-18", prompt_tokens: 1_000, completion_tokens: 500 })).toEqual({
      cost: 0.00045, // 1000 × 0.15/M + 500 × 0.6/M
      price_table_version: "test.1",
      priced_as: "gpt-4o-mini",
    });
    expect(priceUsage(table, { model: "gpt-4o", prompt_tokens: 2_000_000, completion_tokens: 1_000_000 }).cost).toBe(15);
  });

  it("costs nothing for our offline assistant or a model the table does not know", () => {
    expect(priceUsage(CURRENT_PRICE_TABLE, { model: "amia-offline", prompt_tokens: 5_000, completion_tokens: 5_000 }).cost).toBe(0);
    expect(priceUsage(table, { model: "mystery-1", prompt_tokens: 5_000, completion_tokens: 5_000 })).toEqual({
      cost: 0,
      price_table_version: "test.1",
      priced_as: null,
    });
  });

  it("rounds away float noise", () => {
    expect(roundUsd(0.1 + 0.2)).toBe(0.3);
    expect(roundUsd(0.00000005)).toBe(0.00000005);
  });

  it("reports each unknown model once", () => {
    const reported: string[] = [];
    const price = createUsagePricer(table, (model) => reported.push(model));

    price({ model: "mystery-1", prompt_tokens: 1, completion_tokens: 1 });
    price({ model: "Mystery-1", prompt_tokens: 1, completion_tokens: 1 });
    price({ model: "gpt-4o", prompt_tokens: 1, completion_tokens: 1 });
    price({ model: "mystery-2", prompt_tokens: 1, completion_tokens: 1 });

    expect(reported).toEqual(["mystery-1", "mystery-2"]);
  });
});

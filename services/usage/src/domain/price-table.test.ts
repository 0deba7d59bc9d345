import { describe, expect, it } from "vitest";
import { CURRENT_PRICE_TABLE, priceTableKey, type PriceTable } from "./price-table.ts";

const table: PriceTable = {
  version: "test.1",
  effective_from: "2025-01-01",
  models: {
    "gpt-4o": { input_per_million: 2.5, output_per_million: 10 },
    "gpt-4o-mini": { input_per_million: 0.15, output_per_million: 0.6 },
    "gpt-4": { input_per_million: 30, output_per_million: 60 },
  },
};

describe("price table lookup", () => {
  it("matches a model with and without its date suffix, in any case", () => {
    expect(priceTableKey(table, "gpt-4o-mini")).toBe("gpt-4o-mini");
    expect(priceTableKey(table, "gpt-4o-mini-2024-07-18")).toBe("gpt-4o-mini");
    expect(priceTableKey(table, " GPT-4o-2024-08-06 ")).toBe("gpt-4o");
    expect(priceTableKey(table, "gpt-4-0613")).toBe("gpt-4");
  });

  it("never prices a model as a shorter name it merely starts with", () => {
    expect(priceTableKey(table, "gpt-4o-mini-search-preview")).toBeNull();
    expect(priceTableKey(table, "gpt-4o-audio-preview-2024-12-17")).toBeNull();
    expect(priceTableKey(table, "gpt-4-turbo")).toBeNull();
    expect(priceTableKey(table, "constructor")).toBeNull();
  });

  it("knows the current OpenAI chat models and our offline assistant", () => {
    for (const model of ["gpt-4o", "gpt-4o-mini", "gpt-4.1", "gpt-4.1-mini", "gpt-4.1-nano", "o4-mini", "gpt-5", "gpt-5-mini", "gpt-5-nano", "amia-offline"]) {
      expect(priceTableKey(CURRENT_PRICE_TABLE, model)).toBe(model);
    }
    expect(priceTableKey(CURRENT_PRICE_TABLE, "gpt-5-2025-08-07")).toBe("gpt-5");
    expect(priceTableKey(CURRENT_PRICE_TABLE, "o4-mini-2025-04-16")).toBe("o4-mini");
  });
});

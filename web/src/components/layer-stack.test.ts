import { describe, expect, it } from "vitest";
import { isTopLayer, openLayerCount, pushLayer, removeLayer } from "./layer-stack.ts";

describe("layer stack", () => {
  it("lets only the most recently opened overlay handle Escape", () => {
    const dialog = pushLayer("dialog");
    const popover = pushLayer("popover");
    expect(isTopLayer(popover)).toBe(true);
    expect(isTopLayer(dialog)).toBe(false);

    removeLayer(popover);
    expect(isTopLayer(dialog)).toBe(true);

    removeLayer(dialog);
    expect(openLayerCount()).toBe(0);
  });

  it("ignores removing a layer twice or out of order", () => {
    const first = pushLayer();
    const second = pushLayer();
    removeLayer(first);
    removeLayer(first);
    expect(isTopLayer(second)).toBe(true);
    expect(openLayerCount()).toBe(1);
    removeLayer(second);
    expect(openLayerCount()).toBe(0);
  });
});

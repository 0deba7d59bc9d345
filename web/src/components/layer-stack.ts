/*
 * Open overlays (Modal, Popover) in the order they opened. Escape closes only the top one, so a
 * popover inside a dialog closes first and the dialog stays open.
 */

const layers: symbol[] = [];

/** Registers a newly opened overlay and returns its handle. */
export function pushLayer(name = "layer"): symbol {
  const layer = Symbol(name);
  layers.push(layer);
  return layer;
}

export function removeLayer(layer: symbol): void {
  const index = layers.lastIndexOf(layer);
  if (index !== -1) layers.splice(index, 1);
}

export function isTopLayer(layer: symbol): boolean {
  return layers[layers.length - 1] === layer;
}

/** How many overlays are open (for tests). */
export function openLayerCount(): number {
  return layers.length;
}

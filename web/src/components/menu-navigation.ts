/*
 * Keyboard movement between menu items (DropdownMenu): arrow keys skip disabled items and wrap
 * around. Indexes are positions in the list of items (dividers excluded).
 */

/** The first enabled index, or -1 when every item is disabled. */
export function firstEnabledIndex(disabled: readonly boolean[]): number {
  return disabled.findIndex((isDisabled) => !isDisabled);
}

/** The last enabled index, or -1 when every item is disabled. */
export function lastEnabledIndex(disabled: readonly boolean[]): number {
  for (let index = disabled.length - 1; index >= 0; index -= 1) {
    if (!disabled[index]) return index;
  }
  return -1;
}

/**
 * The next enabled index from `current` in `direction`, wrapping around. From -1 (nothing
 * focused) it starts at the first (1) or last (-1) enabled item. -1 when every item is disabled.
 */
export function nextEnabledIndex(disabled: readonly boolean[], current: number, direction: 1 | -1): number {
  const count = disabled.length;
  if (count === 0) return -1;
  if (current < 0 || current >= count) {
    return direction === 1 ? firstEnabledIndex(disabled) : lastEnabledIndex(disabled);
  }
  for (let step = 1; step <= count; step += 1) {
    const index = (((current + direction * step) % count) + count) % count;
    if (!disabled[index]) return index;
  }
  return -1;
}

/** Preset tip amounts, kept to the site's bounds; the bounds themselves when no preset fits. */
export function tipPresets(min: number, max: number, presets: readonly number[] = [10, 20, 50, 100]): number[] {
  const inRange = presets.filter((p) => p >= min && p <= max);
  return inRange.length ? inRange : [...new Set([min, max])];
}

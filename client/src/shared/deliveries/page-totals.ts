/** The totals row of a page of deliveries or trips. */
export interface PageTotals {
  /** quantity per load unit (`0` pallets, `1` cage carts), only units present */
  quantity: Record<string, number>;
  weight: number;
  volume: number;
}

/** The totals row of the page shown: quantities per load unit (pallets and cage carts never add up), weight, volume. */
export function pageTotals(rows: readonly { quantity: number | null; load_unit: number | null; weight: number | null; volume: number | null }[]): PageTotals {
  const totals: PageTotals = { quantity: {}, weight: 0, volume: 0 };
  for (const row of rows) {
    const unit = String(row.load_unit ?? 0);
    totals.quantity[unit] = (totals.quantity[unit] ?? 0) + Number(row.quantity ?? 0);
    totals.weight += Number(row.weight ?? 0);
    totals.volume += Number(row.volume ?? 0);
  }
  // Decimal weights (12.5 kg) add up without binary noise.
  totals.weight = Math.round(totals.weight * 1000) / 1000;
  totals.volume = Math.round(totals.volume * 1000) / 1000;
  return totals;
}

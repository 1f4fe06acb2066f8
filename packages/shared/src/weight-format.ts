/**
 * Every weight a person reads (the weighing page, the reports, their exports): kilograms grouped
 * the language's way, whole kilograms without ".0" and a tenth only when there is one (a
 * weighbridge reads to 0.1 kg at best): 12340 -> "12,340", 12345.5 -> "12,345.5" (Thai,
 * English), "12.345,5" (German); null -> "-" (issue 16, item 11).
 */
export function formatKg(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(value);
}

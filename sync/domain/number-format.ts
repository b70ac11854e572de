const decimalFormats = new Map<number, Intl.NumberFormat>();

function decimalFormat(decimals: number): Intl.NumberFormat {
  let format = decimalFormats.get(decimals);
  if (!format) {
    // German grouping and decimal marks, as the spec asks: 1.234,5
    format = new Intl.NumberFormat('de-DE', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    decimalFormats.set(decimals, format);
  }
  return format;
}

export function formatNumber(value: number, decimals = 0): string {
  return decimalFormat(decimals).format(value);
}

/** A grade on the Chilean scale with a decimal comma; an integer shows ",0": 6 -> "6,0", 5.46 -> "5,5". */
export function formatGrade(value: number): string {
  return decimalFormat(1).format(value);
}

/** Reads a grade typed with a comma or a point; empty becomes 0 (spec: Nota). Null when it is not a number. */
export function parseGrade(input: string): number | null {
  const text = input.trim();
  if (text === '') return 0;
  if (!/^-?\d+([.,]\d+)?$/.test(text)) return null;
  return Number(text.replace(',', '.'));
}

/** Amounts and dates as the portal shows them; stored values stay exact, this rounds once, for display. */
export function formatMoney(amount: string | number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount));
  } catch {
    return `${Number(amount).toFixed(2)} ${currency}`;
  }
}

export const formatDate = (d: Date): string => d.toISOString().slice(0, 10);

export const formatCount = (n: number): string => n.toLocaleString('en-US');

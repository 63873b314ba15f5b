const WARSAW_MONTH = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
});

/** The month an invoice paid at `at` is numbered in: `2026-12`, in Warsaw time. */
export function invoiceMonthOf(at: Date): string {
  const parts = WARSAW_MONTH.formatToParts(at);
  const part = (type: 'year' | 'month') => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** `FV/2026/12/0007`: the month's counter, four digits at least. */
export const invoiceNumberOf = (month: string, counter: number) =>
  `FV/${month.replace('-', '/')}/${String(counter).padStart(4, '0')}`;

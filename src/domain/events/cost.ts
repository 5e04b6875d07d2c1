/**
 * Event costs as The Events Calendar reads and prints them (Tribe__Cost_Utils): the currency
 * symbol and its position parsed out of the entered text, the formatted cost (`$10`, `10 €`,
 * `Free` for zero, `$10 – $20` for a range) and the numeric values, ascending.
 */

export interface ParsedCost {
  cost: string;
  symbol: string;
  position: 'prefix' | 'postfix' | '';
}

const NUMBER = /\d+(?:[.,]\d+)*/g;

/** parse_currency_symbol / parse_currency_position: "$10" -> {cost: "10", symbol: "$", position: "prefix"}. */
export function parseCost(input: string): ParsedCost {
  const text = input.trim();
  const prefix = /^([^\d\s.,-]+)\s*(\d.*)$/u.exec(text);
  if (prefix && !/[a-z]{2,}/i.test(prefix[1])) return { cost: prefix[2].trim(), symbol: prefix[1], position: 'prefix' };
  const postfix = /^(.*\d)\s*([^\d\s.,-]+)$/u.exec(text);
  if (postfix && !/[a-z]{2,}/i.test(postfix[2])) return { cost: postfix[1].trim(), symbol: postfix[2], position: 'postfix' };
  return { cost: text, symbol: '', position: '' };
}

/** The numbers in a cost, with "." as the decimal separator, ascending. */
export function costValues(cost: string): string[] {
  const found = cost.match(NUMBER) ?? [];
  return found
    .map((n) => (/,\d{1,2}$/.test(n) ? n.replace(/\./g, '').replace(',', '.') : n.replace(/,/g, '')))
    .sort((a, b) => Number(a) - Number(b));
}

/** tribe_get_cost( $id, true ). */
export function formatCost(cost: string, symbol: string, position: string): string {
  if (cost === '') return '';
  const values = costValues(cost);
  const withSymbol = (n: string) => (symbol === '' ? n : position === 'postfix' ? `${n}${symbol}` : `${symbol}${n}`);
  if (values.length === 0) return cost;
  if (values.length === 1 && /^\s*[\d.,]+\s*$/.test(cost)) return Number(values[0]) === 0 ? 'Free' : withSymbol(values[0]);
  if (values.length > 1 && /^[\d.,\s–-]+$/.test(cost)) return `${withSymbol(values[0])} – ${withSymbol(values[values.length - 1])}`;
  return cost;
}

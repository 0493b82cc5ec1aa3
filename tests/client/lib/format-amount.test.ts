import { formatAmount, formatCompact, formatCount, formatTokens, formatUsd } from '@/client/lib/format-amount';

describe('format-amount', () => {
  it('writes tokens with two decimals, grouped, singular for exactly one', () => {
    expect(formatTokens(1250.5)).toBe('1,250.50 tokens');
    expect(formatTokens(1)).toBe('1.00 token');
    expect(formatTokens(0)).toBe('0.00 tokens');
    expect(formatTokens(-12.345)).toBe('-12.35 tokens');
  });

  it('gives the bare figure where a heading names the unit', () => {
    expect(formatAmount(10000)).toBe('10,000.00');
    expect(formatAmount(2.95)).toBe('2.95');
  });

  it('writes what a card is charged in US dollars', () => {
    expect(formatUsd(9.99)).toBe('$9.99');
    expect(formatUsd(1250)).toBe('$1,250.00');
  });

  it('counts whole things, grouped, or compactly where space is short', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCompact(1234)).toBe('1.2K');
    expect(formatCompact(999)).toBe('999');
  });
});

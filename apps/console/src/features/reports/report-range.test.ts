import { describe, expect, it } from 'vitest';
import { presetOf, presetRange, RANGE_PRESETS } from './report-range.ts';

describe('report periods', () => {
  it('works out the presets from the day given', () => {
    expect(presetRange('this-month', '2031-03-12')).toEqual({ from: '2031-03-01', to: '2031-03-12' });
    expect(presetRange('last-month', '2031-03-12')).toEqual({ from: '2031-02-01', to: '2031-02-28' });
    expect(presetRange('last-month', '2032-03-01')).toEqual({ from: '2032-02-01', to: '2032-02-29' });
    expect(presetRange('last-month', '2031-01-31')).toEqual({ from: '2030-12-01', to: '2030-12-31' });
    expect(presetRange('last-7-days', '2031-03-03')).toEqual({ from: '2031-02-25', to: '2031-03-03' });
  });

  it('names the preset a period is, among those offered, and calls any other one of one’s own', () => {
    expect(presetOf({ from: '2031-02-01', to: '2031-02-28' }, '2031-03-12', RANGE_PRESETS)).toBe('last-month');
    expect(presetOf({ from: '2031-03-06', to: '2031-03-12' }, '2031-03-12', RANGE_PRESETS)).toBe('last-7-days');
    expect(presetOf({ from: '2031-03-06', to: '2031-03-12' }, '2031-03-12', ['this-month', 'last-month'])).toBe('custom');
    expect(presetOf({ from: '2031-03-01', to: '2031-03-31' }, '2031-03-12', RANGE_PRESETS)).toBe('custom');
  });
});

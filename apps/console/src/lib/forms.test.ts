import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { filtersOfSearch, issueMessage, searchOfFilters } from './forms.ts';

const t = ((key: string) => key) as unknown as TFunction;
const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the value to be refused');
  return result.error.issues;
};

describe('field messages', () => {
  const rows = z.object({
    options: z.array(z.object({ name: z.string().refine((name) => name.trim() !== '', { error: 'default language' }) })),
  });

  it('gives every row the message named for `rows.*.field`, not only the first', () => {
    const issues = issuesOf(rows, { options: [{ name: 'Adult' }, { name: ' ' }, { name: '' }] });
    expect(issues.map((issue) => issue.path.join('.'))).toEqual(['options.1.name', 'options.2.name']);
    expect(issues.map((issue) => issueMessage(issue, t, { 'options.*.name': 'products.nameRequired' }))).toEqual([
      'products.nameRequired',
      'products.nameRequired',
    ]);
  });

  it('prefers a message named for the exact path, and falls back to the generic text', () => {
    const [issue] = issuesOf(rows, { options: [{ name: '' }] });
    if (!issue) throw new Error('no issue');
    expect(issueMessage(issue, t, { 'options.0.name': 'own', 'options.*.name': 'any row' })).toBe('own');
    expect(issueMessage(issue, t)).toBe('validation.format');
  });
});

describe('list filters in the address', () => {
  it('reads every named filter, empty when the address leaves it out, and ignores the rest', () => {
    const search = new URLSearchParams('status=active&page=3');
    expect(filtersOfSearch(search, ['q', 'status'])).toEqual({ q: '', status: 'active' });
  });

  it('reads back what it wrote', () => {
    const filters = { q: 'Tanaka', status: '', batch: '12' };
    expect(filtersOfSearch(searchOfFilters(filters), ['q', 'status', 'batch'])).toEqual(filters);
  });
});

import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueMessage } from './forms.ts';

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

import { describe, expect, it } from 'vitest';
import { auditRequest, describeChange, filtersFromSearch, searchFromFilters } from './audit-filters.ts';

describe('audit filters', () => {
  it('reads the filters from the address, dropping what is not well formed', () => {
    const filters = filtersFromSearch(
      new URLSearchParams('venue=harbor&actor_id=12&action=team.create&from=2026-03-01&to=March&x=1'),
    );
    expect(filters).toEqual({
      venue: 'harbor',
      actor_id: '12',
      action: 'team.create',
      object_type: '',
      from: '2026-03-01',
      to: '',
    });
    expect(filtersFromSearch(new URLSearchParams('actor_id=0')).actor_id).toBe('');
  });

  it('writes only the filters set into the address, and never a venue the path fixes', () => {
    const filters = filtersFromSearch(new URLSearchParams('action=staff.invite&object_type=staff'), 'harbor');
    expect(searchFromFilters(filters, 'harbor').toString()).toBe('action=staff.invite&object_type=staff');
    expect(searchFromFilters({ ...filters, venue: 'lumen' }).toString()).toBe(
      'venue=lumen&action=staff.invite&object_type=staff',
    );
  });

  it('asks the whole log with whole days in Tokyo time, a page before `before`', () => {
    const filters = filtersFromSearch(new URLSearchParams('venue=harbor&actor_id=3&from=2026-03-01&to=2026-03-02'));
    expect(auditRequest(filters, null, 812)).toEqual({
      path: 'audit',
      query: {
        venue: 'harbor',
        actor_id: '3',
        action: undefined,
        object_type: undefined,
        from: '2026-03-01T00:00:00+09:00',
        to: '2026-03-02T23:59:59.999+09:00',
        before: 812,
        limit: 50,
      },
    });
  });

  it('asks a venue’s own log at its own address, without a venue parameter', () => {
    const request = auditRequest(filtersFromSearch(new URLSearchParams('action=team.update'), 'harbor'), 'harbor');
    expect(request.path).toBe('venues/harbor/audit');
    expect(request.query.venue).toBeUndefined();
    expect(request.query.action).toBe('team.update');
  });

  it('shows a before/after pair as one change, anything else as its value', () => {
    expect(describeChange({ from: 'Gate', to: 'Gate staff' })).toEqual({ kind: 'pair', from: 'Gate', to: 'Gate staff' });
    expect(describeChange({ old: null, new: ['checkin:scan'] })).toEqual({ kind: 'pair', from: '—', to: 'checkin:scan' });
    expect(describeChange(['orders:read', 'audit:read'])).toEqual({ kind: 'value', text: 'orders:read, audit:read' });
    expect(describeChange({ a: { b: 1 } })).toEqual({ kind: 'value', text: '{\n  "a": {\n    "b": 1\n  }\n}' });
  });
});

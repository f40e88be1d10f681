/** 動作確認's rules and /auth's next page (client/src/features/system/check-rules.ts). */
import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_WARNING_SECONDS, clockOutcome, clockSkewSeconds, nextPath, realtimeOutcome } from '../../client/src/features/system/check-rules.js';
import { auditLogQuery } from '../../client/src/features/system/audit-log-query.js';

describe('the device clock against the server', () => {
  it('reads the server time as of halfway through the round trip', () => {
    const sent = Date.parse('2026-11-28T10:00:00.000Z');
    // 400 ms round trip; the server said 10:00:00.200 halfway: the device agrees.
    expect(clockSkewSeconds('2026-11-28T10:00:00.200Z', sent, sent + 400)).toBe(0);
    expect(clockSkewSeconds('2026-11-28T09:58:00.200Z', sent, sent + 400)).toBe(120);
    expect(clockSkewSeconds('2026-11-28T10:01:30.200Z', sent, sent + 400)).toBe(-90);
  });

  it('warns beyond a minute either way', () => {
    expect(clockOutcome(CLOCK_SKEW_WARNING_SECONDS)).toBe('ok');
    expect(clockOutcome(CLOCK_SKEW_WARNING_SECONDS + 1)).toBe('warning');
    expect(clockOutcome(-CLOCK_SKEW_WARNING_SECONDS - 1)).toBe('warning');
  });
});

describe('the realtime socket', () => {
  it('is fine when open, pending while it connects, failed when it waits or is refused', () => {
    expect(realtimeOutcome('open')).toBe('ok');
    expect(realtimeOutcome('connecting')).toBe('pending');
    expect(realtimeOutcome('idle')).toBe('pending');
    expect(realtimeOutcome('waiting')).toBe('failed');
    expect(realtimeOutcome('unauthorized')).toBe('failed');
  });
});

describe('/auth’s next page', () => {
  it('is the path asked for when it is one of this application', () => {
    expect(nextPath('/delivery?date_from=2026-11-28')).toBe('/delivery?date_from=2026-11-28');
    expect(nextPath('/store-direct/detail/12')).toBe('/store-direct/detail/12');
  });

  it('is the home page for nothing, another site or itself', () => {
    for (const to of [null, '', 'https://evil.example', '//evil.example/x', '/\\evil.example', 'delivery', '/auth?to=/auth']) expect(nextPath(to), String(to)).toBe('/');
  });
});

describe('the audit log’s filters', () => {
  it('become the query of the list and its export, empty ones left out', () => {
    expect(auditLogQuery({})).toEqual([]);
    expect(auditLogQuery({ entity: 'districts', entity_id: 7, user_id: undefined, date_from: '2026-12-01', date_to: '' })).toEqual([
      ['entity', 'districts'],
      ['entity_id', '7'],
      ['date_from', '2026-12-01'],
    ]);
  });
});

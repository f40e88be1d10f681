/** Which of Refine's toasts the application leaves out. */
import { describe, expect, it } from 'vitest';
import { isRecordNotFoundToast } from '../../client/src/app/providers/toast.js';

const NOT_FOUND = '該当するデータが見つかりません。';
const recordQuery = { type: 'error' as const, key: '12-vehicles-getOne-notification', message: 'エラーが発生しました', description: NOT_FOUND };

describe('a record that is not found', () => {
  it('is the page\'s not-found page, not also a toast, when a record query (edit, detail) finds nothing', () => {
    expect(isRecordNotFoundToast(recordQuery, NOT_FOUND)).toBe(true);
  });

  it('still toasts any other failure of a record query, and a not-found from anything else', () => {
    expect(isRecordNotFoundToast({ ...recordQuery, description: 'サーバーでエラーが発生しました。' }, NOT_FOUND)).toBe(false);
    expect(isRecordNotFoundToast({ ...recordQuery, key: '12-vehicles-notification' }, NOT_FOUND)).toBe(false);
    expect(isRecordNotFoundToast({ ...recordQuery, key: undefined }, NOT_FOUND)).toBe(false);
    expect(isRecordNotFoundToast({ ...recordQuery, type: 'success' }, NOT_FOUND)).toBe(false);
  });
});

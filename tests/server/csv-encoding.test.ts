import t from 'tap';
import iconv from 'iconv-lite';
import { buffer } from 'node:stream/consumers';
import { csvStream, toShiftJisText } from '../../server/http/csv.js';

// A Shift_JIS (CP932) CSV writes what the encoding lacks as a stated substitute, never iconv's `?`
// (server/http/csv.ts): ³ → 3, ² → 2, compatibility forms where they encode, 〓 for the rest.

t.test('a Shift_JIS export decodes to m3 and m2 where the text said m³ and m²', async (t) => {
  const bytes = await buffer(csvStream([['容積(m³)', '面積(m²)', '重量(kg)'], ['4.5', '2', '900']], 'sjis'));
  const text = iconv.decode(bytes, 'cp932');
  t.equal(text, '容積(m3),面積(m2),重量(kg)\r\n4.5,2,900\r\n');
  t.notMatch(text, /\?/, 'no question mark');
});

t.test('what CP932 has stays as it is; the rest has its stated substitute', async (t) => {
  t.equal(toShiftJisText('品川センター ①～㈱ ℃ ｶﾞ ABC?'), '品川センター ①～㈱ ℃ ｶﾞ ABC?', 'CP932 text and a real ? are untouched');
  t.equal(toShiftJisText('m³ m² x¹ 1–2 ½'), 'm3 m2 x1 1-2 1/2');
  t.equal(toShiftJisText('ﬁle'), 'file', 'a ligature: its compatibility form');
  t.equal(toShiftJisText('配送😀'), '配送〓', 'nothing close: the geta mark');
  const utf8 = await buffer(csvStream([['容積(m³)']], 'utf8'));
  t.equal(utf8.toString('utf8'), '\uFEFF容積(m³)\r\n', 'UTF-8 keeps ³');
});

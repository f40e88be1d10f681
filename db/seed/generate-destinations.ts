import { NETWORK, randomSource } from './network.js';

const HEADER = ['配送先コード', '会社名', '店舗名', '住所', '運賃（円）', '方面コード', '配送順', '配送区分', '緯度', '経度', '受入開始時刻', '受入終了時刻'];
const TOWNS = ['本町', '中央', '栄町', '緑町', '旭町', '幸町', '新町', '駅前', '東町', '西町'];

/**
 * CSV lines (header first) of `count` delivery destinations spread over the demo directions, for
 * benchmarks: generated lazily, so that a million rows never sit in memory.
 */
export function* destinationCsvLines(count: number): Generator<string> {
  const random = randomSource(7);
  const areas = Object.values(NETWORK).flatMap((districts) => Object.values(districts).flat());
  yield HEADER.join(',');
  for (let i = 1; i <= count; i++) {
    const direction = random.int(0, areas.length - 1);
    const [prefecture, municipality, latitude, longitude] = areas[direction]!;
    const town = random.pick(TOWNS);
    yield [
      `B${String(i).padStart(7, '0')}`,
      'ベンチマーク商事株式会社',
      `ベンチ${municipality}${town}店${i}`,
      `${prefecture}${municipality}${town}${random.int(1, 5)}-${random.int(1, 30)}-${random.int(1, 20)}`,
      3000 + random.int(0, 4) * 500,
      `DIR-${String(direction + 1).padStart(3, '0')}`,
      i % 50,
      1,
      (latitude + (random.next() - 0.5) * 0.03).toFixed(6),
      (longitude + (random.next() - 0.5) * 0.03).toFixed(6),
      '06:00',
      '12:00',
    ].join(',');
  }
}

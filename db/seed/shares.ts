import type { Kysely } from 'kysely';
import type { Database, ShareCategory, ShareStatus } from '../types.js';

interface DemoShare {
  center: string;
  /** the n-th store (by id) of the center's directions */
  store: number;
  author: { user: string } | { driverOf: string };
  title: string;
  body: string;
  category: ShareCategory;
  status: ShareStatus;
  corrected_address?: string;
  comments: { author: { user: string } | { driverOf: string }; body: string; hoursAfter: number; located?: boolean }[];
}

/** A few shares with threads on demo stores: what planners and drivers tell each other about a store. */
const SHARES: DemoShare[] = [
  {
    center: 'CT-SHINAGAWA',
    store: 0,
    author: { driverOf: 'DC-TOTO' },
    title: '搬入口が北側に変更',
    body: '店舗改装のため、11月から搬入口が北側の通用口に変わりました。\n正面入口前での荷下ろしは禁止です。',
    category: 'entrance',
    status: 'open',
    comments: [
      { author: { user: 'center' }, body: '情報ありがとうございます。配送先マスタのコメントにも反映します。', hoursAfter: 2 },
      { author: { driverOf: 'DC-TOTO' }, body: '通用口は7:00から開いています。', hoursAfter: 20, located: true },
    ],
  },
  {
    center: 'CT-SHINAGAWA',
    store: 1,
    author: { user: 'center' },
    title: '住所表記の誤り',
    body: 'マスタの番地が旧表記のままです。ナビで隣のビルに案内されます。',
    category: 'other',
    status: 'open',
    corrected_address: '東京都品川区東品川5-6-1',
    comments: [{ author: { user: 'hq' }, body: '修正住所を確認のうえ反映をお願いします。', hoursAfter: 5 }],
  },
  {
    center: 'CT-SHINAGAWA',
    store: 2,
    author: { user: 'branch' },
    title: '受入時間の短縮（年末）',
    body: '12/25〜12/31は受入が8:00〜11:00に短縮されます。',
    category: 'hours',
    status: 'closed',
    comments: [
      { author: { user: 'center' }, body: '便の到着予定を前倒しで計画します。', hoursAfter: 1 },
      { author: { user: 'branch' }, body: '期間終了のため完了にします。', hoursAfter: 30 },
    ],
  },
  {
    center: 'CT-YOKOHAMA',
    store: 0,
    author: { user: 'hq' },
    title: '大型車は駐車不可',
    body: '店舗前の道路は4t車以上が駐車できません。向かいのコインパーキングを利用してください。',
    category: 'parking',
    status: 'open',
    comments: [],
  },
];

const HOUR = 3_600_000;

/**
 * The demo's address shares, dated a few days before `today` and numbered like real threads;
 * deterministic (stores and drivers by id). Shares whose store or author is missing are skipped.
 */
export async function seedShares(trx: Kysely<Database>, today: string) {
  const start = Date.parse(`${today}T09:00:00+09:00`) - 3 * 24 * HOUR;
  const authorOf = async (author: DemoShare['author']) => {
    if ('user' in author) {
      const user = await trx.selectFrom('users').select('id').where('login_id', '=', author.user).executeTakeFirst();
      return user && { author_user_id: user.id, author_driver_id: null };
    }
    const driver = await trx
      .selectFrom('drivers')
      .innerJoin('delivery_companies as dc', 'dc.id', 'drivers.delivery_company_id')
      .select(['drivers.id', 'drivers.base_department_id'])
      .where('dc.code', '=', author.driverOf)
      .where('drivers.deleted_at', 'is', null)
      .orderBy('drivers.id')
      .executeTakeFirst();
    return driver && { author_user_id: null, author_driver_id: driver.id };
  };

  for (const [n, share] of SHARES.entries()) {
    const stores = await trx
      .selectFrom('delivery_destinations as dd')
      .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
      .innerJoin('departments as dep', 'dep.id', 'dir.department_id')
      .select(['dd.id', 'dd.latitude', 'dd.longitude'])
      .where('dep.code', '=', share.center)
      .where('dd.deleted_at', 'is', null)
      .orderBy('dd.id')
      .execute();
    const store = stores[share.store];
    const author = await authorOf(share.author);
    if (!store || !author) continue;
    const created = new Date(start + n * 5 * HOUR);
    const row = await trx
      .insertInto('destination_shares')
      .values({
        delivery_destination_id: store.id,
        title: share.title,
        body: share.body,
        category: share.category,
        status: share.status,
        corrected_address: share.corrected_address ?? null,
        ...author,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, comment] of share.comments.entries()) {
      const by = await authorOf(comment.author);
      if (!by) continue;
      const at = new Date(created.getTime() + comment.hoursAfter * HOUR);
      await trx
        .insertInto('share_comments')
        .values({
          share_id: row.id,
          idx: i + 1,
          body: comment.body,
          ...by,
          latitude: comment.located ? store.latitude : null,
          longitude: comment.located ? store.longitude : null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }
}

/**
 * A master screen declared as data: what its list shows and filters, and what its form edits.
 * The generic pages in `features/masters/pages/` serve every master from its declaration (features/masters/declarations.ts); the
 * few rules that differ between masters are named here as data (`carrier`, `exclusive`,
 * `geocode`, `after`, `options`) and implemented once in rules.ts and the components.
 */
import type { Action } from '../../../../common/permissions.js';
import type { MessageKey, MessageSection } from '../../../../common/locales/index.js';

/** How a form field is edited. */
export type FieldKind =
  | 'text'
  | 'textarea'
  /** a decimal number */
  | 'number'
  | 'integer'
  /** HH:mm, stored as text */
  | 'time'
  /** YYYY-MM-DD, stored as text */
  | 'date'
  | 'enum'
  /** a yes/no switch */
  | 'boolean'
  /** a searchable select of another master's records */
  | 'ref'
  /** write-only: never loaded, blank on edit keeps the stored one */
  | 'password';

/** An enum: its stored values and the catalogue object holding one label per value. */
export interface EnumSpec {
  /** i18n key of an object `{ "<value>": label }`, e.g. `masterEnums.deliveryType` */
  labels: MessageSection;
  values: readonly number[];
  /** show the number before the label ("1 本社") in selects */
  showValue?: boolean;
}

/** A foreign key: the referenced master (by API name) and how its records are named in options. */
export interface RefSpec {
  /** API name of the referenced master, e.g. `vehicle_type` */
  resource: string;
  /** columns joined with a space to name an option; default `code name` */
  label?: readonly string[];
  /** sorted by this column; default the first label column */
  sort?: string;
  /** fixed list filters, e.g. only centers: `{ level: 4 }` */
  filters?: Readonly<Record<string, string | number>>;
  /** list filters taken from other fields of the form: `{ <filter>: <form field> }` */
  filterBy?: Readonly<Record<string, string>>;
  /** a department may not be its own parent: leave the record being edited out of the options */
  excludeSelf?: boolean;
}

/**
 * What a level-5 user (a delivery company's staff, "carrier") gets: the field fixed to their own
 * company, or hidden (the server refuses anything else for them anyway).
 */
export type CarrierRule = 'own-company' | 'hidden';

export interface FieldSpec {
  /** the API field (its facts: common/masters); also the i18n key under `<namespace>.fields` */
  name: string;
  kind: FieldKind;
  required?: boolean;
  /** required only when creating (a user's password) */
  requiredOnCreate?: boolean;
  /** i18n key replacing the "required" message (latitude: 緯度経度を取得してください。) */
  requiredMessage?: MessageKey;
  /** maximum length of a text */
  max?: number;
  /** minimum length of a text (passwords) */
  min?: number;
  pattern?: RegExp;
  range?: { readonly min: number; readonly max: number };
  enum?: EnumSpec;
  ref?: RefSpec;
  /** the record's display column naming the referenced row; default `<name without _id>_name` */
  display?: string;
  /** must be later than this other time field of the form (終了時間が開始時間以降ではありません) */
  after?: string;
  /** enum values limited by the caller: the user types they may grant */
  options?: 'assignableUserTypes';
  /** a "get latitude/longitude" button next to this address field fills these two fields */
  geocode?: { latitude: string; longitude: string };
  carrier?: CarrierRule;
  /**
   * Department users see the record only through this center (a vehicle's or driver's base): it is
   * required for them (not for a super admin), and a center's staff start with their own center.
   */
  ownCenter?: boolean;
  /** the value a new record starts with */
  initial?: string | number;
  /** shown but not changeable once created (an operation time's center and delivery type) */
  fixedOnEdit?: boolean;
  /** width on a wide screen, in 24ths; default 12 */
  span?: number;
}

/** How a list cell is shown. */
export type ColumnRender =
  | 'text'
  | 'enum'
  | 'datetime'
  /** a calendar day, YYYY/MM/DD */
  | 'date'
  | 'number'
  /** a day of the month, 31 = 末日 */
  | 'closingDay';

export interface ColumnSpec {
  /** the record's property shown */
  name: string;
  /** label: `<namespace>.fields.<label>`; default `name` */
  label?: string;
  render?: ColumnRender;
  /** enum labels when `render: 'enum'` */
  enum?: EnumSpec;
  /** sortable, by this server sort column (a display name sorts by its id) */
  sort?: string;
  /** i18n key shown when the value is empty */
  empty?: MessageKey;
  ellipsis?: boolean;
  /** cells of consecutive rows with the same value of this column are merged while sorted by it */
  groupBy?: string;
  /** the 仮登録 tag, linking to the approval screen, is shown in this column */
  temporaryTag?: boolean;
}

/** A list filter: a select of enum values or of another master's records, sent as `?<name>=`. */
export interface FilterSpec {
  name: string;
  /** placeholder: `<namespace>.fields.<label>`; default `name` */
  label?: string;
  kind: 'enum' | 'ref';
  enum?: EnumSpec;
  ref?: RefSpec;
  carrier?: CarrierRule;
}

export interface MasterDeclaration {
  /** Refine identifier (resources.tsx) */
  identifier: string;
  /** API path under /api, e.g. `vehicle`; also the prefix of the screens' `data-testid`s */
  resource: string;
  /** i18n namespace holding `title`, `titles.*`, `search`, `fields.*` */
  i18n: MessageSection;
  /** the actions the API offers; default all */
  actions?: readonly Action[];
  /** 仮登録 rows exist (approve endpoint, `temporary` list filter) */
  temporary?: boolean;
  /** add/edit in a modal over the list instead of pages (the specification gives only a list route) */
  modalForm?: boolean;
  /** the list's free-text search (`q`) */
  search?: boolean;
  defaultSort: readonly { field: string; order: 'asc' | 'desc' }[];
  columns: readonly ColumnSpec[];
  filters?: readonly FilterSpec[];
  fields: readonly FieldSpec[];
  /** exactly one of these two fields is set: a radio picks which (a user's department xor company) */
  exclusive?: readonly [string, string];
  /** the columns naming a record in a delete confirmation; default `code name` */
  title?: readonly string[];
  /** the caller's own account is one of the rows: it offers no delete (users) */
  holdsCaller?: boolean;
}

/**
 * Where the delivery list's choice lives: the specification's browser keys (cookie `column_config`,
 * local `delivery-search` and `check-hide`, forgotten on logout) and the user's own record on the
 * server (`PUT /api/user/column_config`), which brings the same choice back after a logout and login.
 */
import { API_URL, http } from '../../app/providers/http.js';
import { COLUMN_CONFIG_KEY, DAY_SECONDS, getUser, readCookie, saveUser, SCREEN_STATE_KEYS, writeCookie } from '../../app/providers/session.js';
import { columnConfigBody, type ColumnConfig, type DeliverySearch, type StoredState, toSaved } from './state.js';

const [SEARCH_KEY, CHECK_HIDE_KEY] = SCREEN_STATE_KEYS;
const COOKIE_DAYS = 7;

function parse(raw: string | null | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** The server's copy as the stored profile has it (`config.column_config`). */
function profileColumnConfig(): unknown {
  const config = getUser()?.config;
  return typeof config === 'object' && config !== null ? (config as Record<string, unknown>).column_config : undefined;
}

export function readStoredState(): StoredState {
  return {
    cookie: parse(readCookie(COLUMN_CONFIG_KEY)),
    checkHide: parse(localStorage.getItem(CHECK_HIDE_KEY)),
    localSearch: parse(localStorage.getItem(SEARCH_KEY)),
    server: profileColumnConfig(),
  };
}

/** Nothing in this browser yet (a first visit, or right after a login whose profile had no copy). */
export function hasNoStoredState(state: StoredState): boolean {
  return state.cookie === undefined && state.checkHide === undefined && state.localSearch === undefined && state.server === undefined;
}

export async function fetchServerConfig(): Promise<unknown> {
  const { data } = await http.get<unknown>(`${API_URL}/user/column_config`);
  return data;
}

function keepLocally(columns: ColumnConfig, search: DeliverySearch, today: string): void {
  writeCookie(COLUMN_CONFIG_KEY, JSON.stringify({ delivery: { order: columns.order, hidden: columns.hidden } }), COOKIE_DAYS * DAY_SECONDS);
  localStorage.setItem(CHECK_HIDE_KEY, JSON.stringify(columns.hidden));
  localStorage.setItem(SEARCH_KEY, JSON.stringify(toSaved(search, today)));
}

type Body = ReturnType<typeof columnConfigBody>;

/** One save at a time; changes made meanwhile are sent once, as their latest state. */
let inFlight: Promise<void> | null = null;
let next: Body | null = null;

async function send(body: Body): Promise<void> {
  const { data } = await http.put<unknown>(`${API_URL}/user/column_config`, body);
  const user = getUser();
  if (user) {
    const config = typeof user.config === 'object' && user.config !== null ? user.config : {};
    saveUser({ ...user, config: { ...config, column_config: data ?? body } });
  }
}

function drain(onError: (error: unknown) => void): Promise<void> {
  if (inFlight) return inFlight;
  inFlight = (async () => {
    while (next) {
      const body = next;
      next = null;
      await send(body).catch(onError);
    }
    inFlight = null;
  })();
  return inFlight;
}

/** Keeps the choice in this browser now and on the server (latest wins). */
export function persistState(columns: ColumnConfig, search: DeliverySearch, today: string, onError: (error: unknown) => void): Promise<void> {
  keepLocally(columns, search, today);
  next = columnConfigBody(columns, search, today);
  return drain(onError);
}

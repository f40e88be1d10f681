import { existsSync } from 'node:fs';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '../common/audit-log.js';

const oneOf = (...values: string[]) =>
  Type.Enum(values, { description: `one of ${values.join(', ')}` });

/** Every variable the server reads; `.env.example` documents each one. */
const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, description: 'a port number 1-65535' }),
  HOST: Type.String({ minLength: 1, description: 'an address to listen on' }),
  DATA_DIR: Type.String({ minLength: 1, description: 'a folder for the embedded database' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://', description: 'a postgres:// URL' })),
  /** The connections that LISTEN (realtime, the actor cache), when DATABASE_URL goes through PgBouncer in transaction mode. */
  DATABASE_LISTEN_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://', description: 'a postgres:// URL' })),
  NODE_ENV: Type.Optional(Type.String()),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32, description: 'at least 32 characters' })),
  LOG_LEVEL: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
  /** auto: load demo data into an empty database, except in production; on: also in production; off: never. */
  DEMO_DATA: oneOf('auto', 'on', 'off'),
  LOGIN_MAX_FAILURES_PER_ID: Type.Integer({ minimum: 1, description: 'a whole number of failed sign-ins, 1 or more' }),
  LOGIN_MAX_PER_ADDRESS: Type.Integer({ minimum: 1, description: 'a whole number of sign-in attempts, 1 or more' }),
  LOGIN_WINDOW_MINUTES: Type.Integer({ minimum: 1, maximum: 1440, description: 'minutes, 1-1440' }),
  /** Days the audit log keeps an entry; older ones are removed at start and daily. */
  AUDIT_RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 36500, description: 'a whole number of days, 1-36500' }),
  /** Server processes `npm start` runs (server/cluster.ts); more than one needs PostgreSQL. */
  WORKERS: Type.Integer({ minimum: 1, maximum: 64, description: 'a whole number of processes, 1-64' }),
  GSI_GEOCODER_URL: Type.String({ pattern: '^https?://', description: 'an http(s) URL' }),
  GOOGLE_GEOCODER_URL: Type.String({ pattern: '^https?://', description: 'an http(s) URL' }),
  GOOGLE_MAPS_API_KEY: Type.Optional(Type.String({ minLength: 10, description: 'a Google Maps API key' })),
  /** The trip maps' tile URL (the client reads it at build time); the content security policy lets its host in. */
  VITE_MAP_TILE_URL: Type.Optional(Type.String()),
  /** The Chromium that renders PDF reports; found in the usual places when unset. */
  CHROMIUM_PATH: Type.Optional(Type.String({ minLength: 1, description: 'the path of a Chromium or Chrome executable' })),
  /** Origins besides the server's own whose pages may open the realtime socket, comma-separated. */
  ALLOWED_ORIGINS: Type.Optional(
    Type.String({ pattern: '^https?://[^/,\\s]+(\\s*,\\s*https?://[^/,\\s]+)*$', description: 'comma-separated origins like https://haisha.example.com' }),
  ),
});

export type Config = Static<typeof ConfigSchema>;

const DEFAULTS = {
  PORT: '3000',
  HOST: '0.0.0.0',
  DATA_DIR: './data',
  LOG_LEVEL: 'info',
  DEMO_DATA: 'auto',
  LOGIN_MAX_FAILURES_PER_ID: '10',
  LOGIN_MAX_PER_ADDRESS: '300',
  LOGIN_WINDOW_MINUTES: '15',
  AUDIT_RETENTION_DAYS: String(DEFAULT_AUDIT_RETENTION_DAYS),
  WORKERS: '1',
  GSI_GEOCODER_URL: 'https://msearch.gsi.go.jp/address-search/AddressSearch',
  GOOGLE_GEOCODER_URL: 'https://maps.googleapis.com/maps/api/geocode/json',
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Variables from a `.env` file in the working folder, when there is one; the environment wins. */
export function loadDotEnv(file = '.env') {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Reads the environment once; a wrong value stops start-up with the list of every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw: Record<string, unknown> = { ...DEFAULTS };
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const converted = Value.Convert(ConfigSchema, raw);
  if (!Value.Check(ConfigSchema, converted)) throw new ConfigError(schemaProblems(converted, raw));
  const problems = [...productionProblems(converted), ...processProblems(converted)];
  if (problems.length > 0) throw new ConfigError(problems);
  return converted;
}

function schemaProblems(converted: unknown, raw: Record<string, unknown>): string[] {
  const wrongKeys = new Set([...Value.Errors(ConfigSchema, converted)].map((e) => e.instancePath.split('/')[1]));
  const properties = ConfigSchema.properties as unknown as Record<string, { description?: string }>;
  return [...wrongKeys].map((key) => `${key}=${JSON.stringify(raw[key])}: expected ${properties[key]?.description}`);
}

export const isProduction = (config: Config) => config.NODE_ENV === 'production';

/** Shannon entropy of the secret's own character frequencies, in bits per character. */
function bitsPerCharacter(chars: string[]): number {
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / chars.length) * Math.log2(count / chars.length);
  return bits;
}

/** Share of the secret's 4-character windows that occur once: a repeated pattern has few distinct ones. */
function distinctWindowShare(chars: string[]): number {
  const windows = chars.slice(3).map((_, i) => chars.slice(i, i + 4).join(''));
  return windows.length === 0 ? 0 : new Set(windows).size / windows.length;
}

/**
 * Does the secret look like 32 random bytes or more? 128 bits by character frequency, at least
 * 3 bits per character (hex is 4, base64 6; 'abab…' is 1) and no repeated pattern ('abcd' × 16).
 */
export function looksRandom(secret: string): boolean {
  const chars = [...secret];
  const perChar = bitsPerCharacter(chars);
  return perChar * chars.length >= 128 && perChar >= 3 && distinctWindowShare(chars) >= 0.9;
}

/**
 * In production the secret must come from the environment (a generated file in the data folder is
 * for trying the application out) and must look random: a forged token is every account.
 */
function productionProblems(config: Config): string[] {
  if (!isProduction(config)) return [];
  const secret = config.JWT_SECRET;
  if (secret && looksRandom(secret)) return [];
  const shown = secret ? '(too predictable)' : '(unset)';
  return [`JWT_SECRET ${shown}: NODE_ENV=production needs at least 32 random bytes, e.g. \`openssl rand -base64 48\``];
}

/** The embedded database opens in one process only: several share a PostgreSQL server. */
function processProblems(config: Config): string[] {
  const problems: string[] = [];
  if (config.WORKERS > 1 && !config.DATABASE_URL) {
    problems.push(`WORKERS=${config.WORKERS}: several processes need PostgreSQL (DATABASE_URL); the embedded database opens in one process only`);
  }
  if (config.DATABASE_LISTEN_URL && !config.DATABASE_URL) problems.push('DATABASE_LISTEN_URL: only with DATABASE_URL (the embedded database listens in the process)');
  return problems;
}

/** The Vite dev server and preview (vite.config.ts) proxy /api/ws from their own origin: allowed outside production. */
const DEV_ORIGINS = ['http://localhost:5173', 'http://localhost:4173'];

/** Origins other than the server's own that may open `/api/ws` (the socket also accepts the page's own origin). */
export function allowedOrigins(config: Config): ReadonlySet<string> {
  const listed = (config.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  return new Set(isProduction(config) ? listed : [...listed, ...DEV_ORIGINS]);
}

/** Demo data goes only into an empty database, and in production only when asked for by name. */
export function wantsDemoData(config: Config): boolean {
  return config.DEMO_DATA === 'on' || (config.DEMO_DATA === 'auto' && !isProduction(config));
}

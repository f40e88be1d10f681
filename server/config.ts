import { existsSync } from 'node:fs';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

const oneOf = (...values: string[]) =>
  Type.Enum(values, { description: `one of ${values.join(', ')}` });

/** Every variable the server reads; `.env.example` documents each one. */
const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, description: 'a port number 1-65535' }),
  HOST: Type.String({ minLength: 1, description: 'an address to listen on' }),
  DATA_DIR: Type.String({ minLength: 1, description: 'a folder for the embedded database' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://', description: 'a postgres:// URL' })),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32, description: 'at least 32 characters' })),
  LOG_LEVEL: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
  /** auto: load demo data when the database is empty; off: never. */
  DEMO_DATA: oneOf('auto', 'off'),
  GSI_GEOCODER_URL: Type.String({ pattern: '^https?://', description: 'an http(s) URL' }),
  GOOGLE_GEOCODER_URL: Type.String({ pattern: '^https?://', description: 'an http(s) URL' }),
  GOOGLE_MAPS_API_KEY: Type.Optional(Type.String({ minLength: 10, description: 'a Google Maps API key' })),
});

export type Config = Static<typeof ConfigSchema>;

const DEFAULTS = {
  PORT: '3000',
  HOST: '0.0.0.0',
  DATA_DIR: './data',
  LOG_LEVEL: 'info',
  DEMO_DATA: 'auto',
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
  if (Value.Check(ConfigSchema, converted)) return converted;
  const wrongKeys = new Set([...Value.Errors(ConfigSchema, converted)].map((e) => e.instancePath.split('/')[1]));
  const properties = ConfigSchema.properties as unknown as Record<string, { description?: string }>;
  throw new ConfigError(
    [...wrongKeys].map((key) => `${key}=${JSON.stringify(raw[key])}: expected ${properties[key]?.description}`),
  );
}

import t from 'tap';
import { ConfigError, loadConfig } from '../../server/config.js';

t.test('defaults: port 3000, embedded database in ./data, demo data when empty', async (t) => {
  t.match(loadConfig({}), { PORT: 3000, DATA_DIR: './data', DEMO_DATA: 'auto', DATABASE_URL: undefined });
  t.match(loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://localhost/x' }), { PORT: 8080, DATABASE_URL: 'postgres://localhost/x' });
});

t.test('every wrong value is listed at once', async (t) => {
  const error = t.throws(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' }));
  t.ok(error instanceof ConfigError);
  const { problems } = error as ConfigError;
  t.equal(problems.length, 4);
  t.match(problems.join('\n'), /PORT="abc".*\n.*DATABASE_URL="mysql:\/\/x".*\n.*JWT_SECRET="short".*\n.*LOG_LEVEL="loud": expected one of fatal/s);
});

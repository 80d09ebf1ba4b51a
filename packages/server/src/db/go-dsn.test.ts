// Issue 15: SQL_DSN takes one-hub's Go MySQL DSN as well as URLs, so a one-hub deployment's environment
// works unchanged; against the test MariaDB when the run has one.
import { describe, expect, it } from 'vitest';
import { goMysqlDsnToUrl, loadConfig, redactUrl } from '../config.js';
import { freshDatabase } from '../test-support/databases.js';
import { call, ROOT_PASSWORD, signIn, startTestApp } from '../test-support/test-app.js';

describe('one-hub Go DSN', () => {
  it.each([
    [
      'root:123456@tcp(localhost:3306)/oneapi?charset=utf8mb4&parseTime=True&loc=Local',
      'mysql://root:123456@localhost:3306/oneapi?charset=utf8mb4',
    ],
    ['gw:p@ss:w@rd@tcp(db.internal)/one-hub', 'mysql://gw:p%40ss%3Aw%40rd@db.internal:3306/one-hub'],
    ['root@tcp(127.0.0.1:3307)/gw', 'mysql://root@127.0.0.1:3307/gw'],
    [
      'u:p@unix(/run/mysqld/mysqld.sock)/gw?parseTime=true',
      'mysql://u:p@localhost/gw?socketPath=%2Frun%2Fmysqld%2Fmysqld.sock',
    ],
  ])('reads %s as %s', (dsn, url) => {
    expect(goMysqlDsnToUrl(dsn)).toBe(url);
    expect(loadConfig({ SQL_DSN: dsn }).database).toMatchObject({ kind: 'mysql', url });
  });

  it('leaves URLs and other values alone', () => {
    expect(goMysqlDsnToUrl('mysql://root@db/gw')).toBeUndefined();
    expect(goMysqlDsnToUrl('postgres://u:p@db/gw')).toBeUndefined();
    expect(goMysqlDsnToUrl('sqlite:./gw.db')).toBeUndefined();
    expect(loadConfig({ SQL_DSN: 'postgres://pg/gw' }).database.kind).toBe('postgres');
  });

  it('never echoes the password of a Go DSN it cannot use', () => {
    expect(() => loadConfig({ SQL_DSN: 'root:hunter2@tcp(db:3306)' })).toThrow(/SQL_DSN/);
    expect(() => loadConfig({ SQL_DSN: 'root:hunter2@tcp(db:3306)' })).not.toThrow(/hunter2/);
    expect(redactUrl('mysql://root:hunter2@db:3306/gw')).toBe('mysql://root:***@db:3306/gw');
  });

  it.runIf(process.env.GW_TEST_MYSQL_URL)('serves from MariaDB named by a Go DSN', async () => {
    const database = await freshDatabase('mysql');
    const url = new URL(database.url);
    const auth = url.password ? `${url.username}:${url.password}` : url.username;
    const dsn = `${auth}@tcp(${url.host})${url.pathname}?charset=utf8mb4&parseTime=True&loc=Local`;
    const t = await startTestApp('sqlite', { SQL_DSN: dsn, DATABASE_URL: '' });
    try {
      expect(t.app.gw.dbKind).toBe('mysql');
      const cookie = await signIn(t.app, 'root', ROOT_PASSWORD);
      expect((await call(t.app, 'GET', '/api/user/self', { cookie })).body.data.username).toBe('root');
    } finally {
      await t.close();
      await database.drop();
    }
  });
});

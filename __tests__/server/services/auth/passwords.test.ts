import { hashPassword, verifyPassword } from '../../../../server/src/services/auth/passwords';

/** The memory (KiB) and passes a stored argon2id hash names: "$argon2id$v=19$m=65536,p=4,t=3$…". */
const costOf = (hash: string) => {
  const parameters = new URLSearchParams(hash.split('$')[3].replaceAll(',', '&'));
  return [Number(parameters.get('m')), Number(parameters.get('t'))];
};
const restore = (name: string, value: string | undefined) => (value === undefined ? delete process.env[name] : (process.env[name] = value));

describe('password hashes', () => {
  const saved = { env: process.env.NODE_ENV, light: process.env.PANEL_TEST_PASSWORD_HASH };
  afterEach(() => {
    restore('NODE_ENV', saved.env);
    restore('PANEL_TEST_PASSWORD_HASH', saved.light);
  });

  it('are argon2id at the library defaults (64 MiB, 3 passes) unless a test asks for light ones', async () => {
    delete process.env.PANEL_TEST_PASSWORD_HASH;
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(costOf(hash)).toEqual([65536, 3]);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'Correct horse')).toBe(false);
  });

  it('take the light test cost only under NODE_ENV=test, never in a panel', async () => {
    process.env.PANEL_TEST_PASSWORD_HASH = 'light';
    const light = await hashPassword('correct horse');
    expect(costOf(light)).toEqual([1024, 1]);
    expect(await verifyPassword(light, 'correct horse')).toBe(true);

    process.env.NODE_ENV = 'production';
    expect(costOf(await hashPassword('correct horse'))).toEqual([65536, 3]);
  });
});

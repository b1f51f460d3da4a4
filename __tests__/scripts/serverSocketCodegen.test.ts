import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverSocketSource } from '../../scripts/serverSocketCodegen';
import { SocketClose, serverEventNames } from '../../server/src/schemas/serverSocket';

const generatedFile = join(__dirname, '../../src/api/generated/serverSocket.gen.ts');

describe('the console socket protocol, defined once', () => {
  it('the client copy is what codegen writes from the server schema', () => {
    expect(readFileSync(generatedFile, 'utf8')).toBe(serverSocketSource());
  });

  it('carries the close codes and event names as values', () => {
    const text = serverSocketSource();
    for (const [name, code] of Object.entries(SocketClose)) expect(text).toContain(`  ${name}: ${code},`);
    for (const event of serverEventNames) expect(text).toContain(`'${event}'`);
    expect(text).toContain("'set state': [signal: 'start' | 'stop' | 'restart' | 'kill'];");
    expect(text).toContain('stats: [serverResources: ServerResources];');
  });
});

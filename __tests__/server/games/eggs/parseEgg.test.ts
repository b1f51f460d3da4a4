import { stringify } from 'yaml';
import { eggToTemplate } from '../../../../server/src/games/eggs/eggToTemplate';
import { EggFormatError, parseEgg } from '../../../../server/src/games/eggs/parseEgg';
import { plcnEgg, ptdlEgg } from './testEggs';

async function errorsOf(egg: unknown): Promise<Record<string, string[]>> {
  try {
    await parseEgg(typeof egg === 'string' ? egg : JSON.stringify(egg));
  } catch (error) {
    if (error instanceof EggFormatError) return error.errors;
    throw error;
  }
  throw new Error('the egg was read');
}

describe('parseEgg', () => {
  it('reads a PTDL_v2 egg: images, startup, config files, done, ^C stop, install script and variables', async () => {
    const egg = await parseEgg(JSON.stringify(ptdlEgg));
    expect(egg).toMatchObject({
      format: 'PTDL_v2',
      name: 'Echo Game',
      author: 'tests@example.test',
      features: ['eula'],
      images: [
        { label: 'Node 20', image: 'ghcr.io/example/node:20' },
        { label: 'Node 18', image: 'ghcr.io/example/node:18' },
      ],
      done: ['Echo ready on'],
      stop: { type: 'signal', value: 'SIGINT' },
      install: { container: 'ghcr.io/example/installer:debian', entrypoint: 'bash' },
      updateUrl: 'https://eggs.example.test/echo.json',
      ignored: { file_denylist: ['secret.txt'] },
    });
    expect(egg.configFiles.map((file) => [file.path, file.parser])).toEqual([
      ['server.properties', 'properties'],
      ['config.json', 'json'],
    ]);
    expect(egg.variables[2]).toEqual({
      name: 'Build',
      description: 'Build channel.',
      envVariable: 'BUILD',
      defaultValue: 'stable',
      userViewable: true,
      userEditable: false,
      rules: ['required', 'in:stable,beta', 'regex:/^(stable|beta)$/'],
    });
    expect(egg.variables[3].userViewable).toBe(false);

    const template = eggToTemplate(egg, 'egg-echo', 'minecraft');
    expect(template.startCommand).toBe('node echo.js --port {{SERVER_PORT}} --memory {{SERVER_MEMORY}} --greeting {{GREETING}} --ip {{SERVER_IP}}');
    expect(template.doneRegex).toEqual(['Echo ready on']);
    expect(template.install).toEqual([{ type: 'egg-script', script: '#!/bin/bash\ncd /mnt/server\necho installed > marker.txt', container: 'ghcr.io/example/installer:debian', entrypoint: 'bash' }]);
    // properties are rewritten by the panel; json is kept in the egg only.
    expect(template.configFiles).toEqual([{ path: 'server.properties', format: 'properties', escaping: 'java', managed: { 'server-port': '{{SERVER_PORT}}', motd: '{{GREETING}}' } }]);
  });

  it('reads a PLCN_v3 YAML egg: named startup commands, done lists, a command stop and list rules with a | inside a regex', async () => {
    const egg = await parseEgg(plcnEgg);
    expect(egg.format).toBe('PLCN_v3');
    expect(egg.uuid).toBe('5f0d6c1e-5b8e-4c1a-9a57-0d1f2a3b4c5d');
    expect(egg.startupCommands.map((c) => c.name)).toEqual(['Default', 'Verbose']);
    expect(egg.done).toEqual(['Echo ready on', 'Echo listening']);
    expect(egg.stop).toEqual({ type: 'command', value: 'quit' });
    expect(egg.variables[0].rules).toEqual(['required', 'string', 'regex:/^[a-z|]+$/']);
    expect(egg.ignored.tags).toEqual(['testing']);
    expect(eggToTemplate(egg, 'egg-echo-yaml', 'rust').configFiles[0]).toMatchObject({ format: 'ini', managed: { 'server/port': '{{SERVER_PORT}}' } });
  });

  it('reads PTDL_v1 (an image list) and PLCN_v1 (a YAML startup line), with ^^C as a kill', async () => {
    const { docker_images: _images, ...rest } = ptdlEgg;
    const v1 = await parseEgg(JSON.stringify({ ...rest, meta: { version: 'PTDL_v1' }, images: ['ghcr.io/example/node:16'], config: { ...ptdlEgg.config, stop: '^^C' } }));
    expect(v1.images).toEqual([{ label: 'ghcr.io/example/node:16', image: 'ghcr.io/example/node:16' }]);
    expect(v1.stop).toEqual({ type: 'signal', value: 'SIGKILL' });
    const plcn1 = await parseEgg(stringify({ ...ptdlEgg, meta: { version: 'PLCN_v1' }, config: { files: {}, startup: { done: ')! For help' }, stop: 'stop' } }));
    expect(plcn1.startupCommands).toEqual([{ name: 'Default', command: ptdlEgg.startup }]);
    expect(plcn1.done).toEqual([')! For help']);
  });

  it('refuses unreadable eggs naming the field', async () => {
    expect(await errorsOf({ ...ptdlEgg, meta: { version: 'PTDL_v9' } })).toEqual({ 'meta.version': [expect.stringContaining('PTDL_v9')] });
    const noEnv = { ...ptdlEgg, variables: [{ ...ptdlEgg.variables[0], env_variable: undefined }] };
    expect(await errorsOf(noEnv)).toEqual({ 'variables.0.env_variable': ['Every variable needs an env_variable'] });
    const badRule = { ...ptdlEgg, variables: [ptdlEgg.variables[0], { ...ptdlEgg.variables[1], rules: 'required|max:ten' }, { ...ptdlEgg.variables[2], rules: 'shiny' }] };
    expect(await errorsOf(badRule)).toEqual({ 'variables.1.rules': [expect.stringContaining('numbers')], 'variables.2.rules': ['Unknown rule "shiny"'] });
    const badParser = { ...ptdlEgg, config: { ...ptdlEgg.config, files: JSON.stringify({ 'a.toml': { parser: 'toml', find: {} } }) } };
    expect(await errorsOf(badParser)).toEqual({ 'config.files.a.toml.parser': [expect.stringContaining('Unknown parser "toml"')] });
    expect(await errorsOf('{not json')).toEqual({ egg: ['The file is neither JSON nor YAML'] });
  });
});

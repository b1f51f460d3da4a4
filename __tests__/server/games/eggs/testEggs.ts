/** Eggs written for the tests, one per format, covering every field the panel reads. */

/** A Pterodactyl export (PTDL_v2): config parts as JSON text, rules as one string. */
export const ptdlEgg = {
  _comment: 'Written for the panel tests',
  meta: { version: 'PTDL_v2', update_url: 'https://eggs.example.test/echo.json' },
  exported_at: '2026-01-01T00:00:00+00:00',
  name: 'Echo Game',
  author: 'tests@example.test',
  description: 'A line-echo game server.',
  features: ['eula'],
  docker_images: { 'Node 20': 'ghcr.io/example/node:20', 'Node 18': 'ghcr.io/example/node:18' },
  file_denylist: ['secret.txt'],
  startup: 'node echo.js --port {{SERVER_PORT}} --memory {{SERVER_MEMORY}} --greeting {{GREETING}} --ip {{server.build.default.ip}}',
  config: {
    files: JSON.stringify({
      'server.properties': { parser: 'properties', find: { 'server-port': '{{server.build.default.port}}', motd: '{{env.GREETING}}' } },
      'config.json': { parser: 'json', find: { 'net.port': '{{server.build.default.port}}' } },
    }),
    startup: JSON.stringify({ done: 'Echo ready on' }),
    logs: '{}',
    stop: '^C',
  },
  scripts: { installation: { script: '#!/bin/bash\r\ncd /mnt/server\r\necho installed > marker.txt', container: 'ghcr.io/example/installer:debian', entrypoint: 'bash' } },
  variables: [
    {
      name: 'Greeting',
      description: 'What the server says first.',
      env_variable: 'GREETING',
      default_value: 'hello',
      user_viewable: true,
      user_editable: true,
      rules: 'required|string|max:20',
      field_type: 'text',
    },
    { name: 'Max players', description: 'Players at once.', env_variable: 'MAX_PLAYERS', default_value: '10', user_viewable: true, user_editable: true, rules: 'required|integer|between:1,100' },
    {
      name: 'Build',
      description: 'Build channel.',
      env_variable: 'BUILD',
      default_value: 'stable',
      user_viewable: true,
      user_editable: false,
      rules: 'required|in:stable,beta|regex:/^(stable|beta)$/',
    },
    { name: 'Secret', description: 'Hidden.', env_variable: 'SECRET_TOKEN', default_value: '', user_viewable: false, user_editable: false, rules: 'nullable|string' },
  ],
};

/** A Pelican export (PLCN_v3, YAML): named startup commands, maps instead of JSON text, rules as lists. */
export const plcnEgg = `_comment: Written for the panel tests
meta:
  version: PLCN_v3
  update_url: null
exported_at: '2026-01-01T00:00:00+00:00'
name: Echo Game YAML
author: tests@example.test
uuid: 5f0d6c1e-5b8e-4c1a-9a57-0d1f2a3b4c5d
description: The same game, from Pelican.
tags: [testing]
features: []
docker_images:
  Node 20: ghcr.io/example/node:20
file_denylist: []
startup_commands:
  Default: node echo.js --port {{SERVER_PORT}}
  Verbose: node echo.js --port {{SERVER_PORT}} --verbose
config:
  files:
    settings.ini:
      parser: ini
      find:
        server.port: '{{server.build.default.port}}'
  startup:
    done:
      - Echo ready on
      - Echo listening
  logs: {}
  stop: quit
scripts:
  installation:
    script: echo hi
    container: ghcr.io/example/installer:alpine
    entrypoint: ash
variables:
  - name: Greeting
    description: What the server says first.
    env_variable: GREETING
    default_value: hi
    user_viewable: true
    user_editable: true
    rules: [required, string, 'regex:/^[a-z|]+$/']
    sort: 1
`;

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance, type TFunction } from 'i18next';
import { powerSignals } from '../../../../server/src/runtime/types';
import { REFUSED_EVENT } from '../../../../server/src/services/permissions/refusedActions';
import { AUDIT_EVENT_SENTENCES, auditEventSentence } from '../../../../src/features/sharing/auditEventSentence';
import type { ActivityEntry } from '../../../../src/features/sharing/sharingTypes';

const serverSource = join(__dirname, '../../../../server/src');
const translations = join(__dirname, '../../../../server/translations');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
}

/** The argument text of every call `name(…)` in `source` (parentheses balanced; strings are simple enough here). */
function callArguments(source: string, name: string): string[] {
  const calls: string[] = [];
  for (const match of source.matchAll(new RegExp(`\\b${name}\\(`, 'g'))) {
    let depth = 1;
    let end = match.index + match[0].length;
    for (; end < source.length && depth > 0; end += 1) {
      if (source[end] === '(') depth += 1;
      else if (source[end] === ')') depth -= 1;
    }
    calls.push(source.slice(match.index + match[0].length, end - 1));
  }
  return calls;
}

/**
 * Every event the server can write into a server's audit log, read from its source: the `event`
 * of each recordAudit call (a literal, both sides of a `cond ? '…' : '…'`, or a known computed
 * form: `server.power.${signal}`, the file changes' `server.file.${action}` with the actions of
 * the file routes' fileChangeOf calls, REFUSED_EVENT, the player actions' `audit.event`, a switch job's `recordJobAudit`, a webhook's `recordHookAudit`), and the sharing area's `audit(db, call, '…')`.
 * Any other computed event fails here, so a new form is taught to this test first.
 */
function serverAuditEvents(): Set<string> {
  const events = new Set<string>();
  const unknown: string[] = [];
  for (const file of sourceFiles(serverSource)) {
    const source = readFileSync(file, 'utf8');
    if (file.endsWith('/services/audit/audit.ts')) continue;
    for (const call of callArguments(source, 'recordAudit')) {
      const value = /\bevent(?::\s*(`[^`]*`|[^,}\n]+))?/.exec(call)?.[1]?.trim() ?? 'event';
      if (/^(?:[\w.!]+\s*\?\s*)?'[^']+'(?:\s*:\s*'[^']+')?$/.test(value)) for (const literal of value.matchAll(/'([^']+)'/g)) events.add(literal[1]);
      else if (value === '`server.power.${signal}`') powerSignals.forEach((signal) => events.add(`server.power.${signal}`));
      else if (value === 'REFUSED_EVENT') events.add(REFUSED_EVENT);
      // The helpers whose callers are read below.
      else if (value === '`server.file.${action}`' && file.endsWith('/FileChanges.ts')) continue;
      else if (value === 'event' && file.endsWith('/manageRoles.ts')) continue;
      else if (value === 'event' && file.endsWith('/SwitchJobs.ts')) continue;
      else if (value === 'event' && file.endsWith('/WebhookService.ts')) continue;
      else if (value === 'event' && file.endsWith('/SftpAudit.ts')) continue;
      // The player actions pick their event in playerChanges.ts (`return { event: '…', … }`), then the service records it.
      else if (value === 'record.event' && file.endsWith('/PlayerService.ts'))
        for (const picked of readFileSync(file.replace(/PlayerService\.ts$/, 'playerChanges.ts'), 'utf8').matchAll(/return \{ event: '([^']+)'/g)) events.add(picked[1]);
      else unknown.push(`${file}: event: ${value}`);
    }
    for (const call of callArguments(source, 'audit')) {
      const literal = /^(?:app, request|db, call), '([^']+)'/.exec(call.trim());
      if (literal) events.add(literal[1]);
      else if (!call.startsWith('app: FastifyInstance') && !call.startsWith('db: Database')) unknown.push(`${file}: audit(${call.slice(0, 60)})`);
    }
    for (const match of source.matchAll(/\bfileChangeOf\(request, '([^']+)'/g)) events.add(`server.file.${match[1]}`);
    // A version switch or setup job records its outcome with `recordJobAudit(kind ? '…' : '…', …)`.
    for (const call of callArguments(source, 'recordJobAudit')) for (const literal of call.split(/,\s*[{(]/)[0].matchAll(/'(server\.[^']+)'/g)) events.add(literal[1]);
    // An SFTP session records its sign-in and batched changes with `recordSftpAudit(this.db, this.subject, '…', …)`.
    for (const call of callArguments(source, 'recordSftpAudit')) {
      const literal = /^this\.db, this\.subject, '([^']+)'/.exec(call.trim());
      if (literal) events.add(literal[1]);
      else if (!call.startsWith('db: Database')) unknown.push(`${file}: recordSftpAudit(${call.slice(0, 60)})`);
    }
    // The webhooks service records its changes with `recordHookAudit(server, actor, '…', hook, …)`.
    for (const call of callArguments(source, 'recordHookAudit')) {
      const literal = /^server, actor, '([^']+)'/.exec(call.trim());
      if (literal) events.add(literal[1]);
      else if (!call.startsWith('server: ServerRow')) unknown.push(`${file}: recordHookAudit(${call.slice(0, 60)})`);
    }
  }
  expect(unknown).toEqual([]);
  return events;
}

/** The events of an account's ways in: API keys, SSH keys and key-only SFTP, passkeys, linked providers. */
const WAYS_IN = /^account\.(api-key|ssh-key|sftp-|passkey|oauth)/;

const entry = (event: string, properties: Record<string, unknown> = {}): ActivityEntry => ({
  id: 1,
  event,
  actor: { uuid: '00000000-0000-4000-8000-000000000001', username: 'alice' },
  ip: '203.0.113.9',
  properties,
  created_at: '2026-03-04T15:07:00Z',
});

/** An i18next of its own on one dictionary, so a key missing there shows as the key. */
function translator(language: string): TFunction {
  const instance = createInstance();
  void instance.init({
    lng: language,
    resources: { [language]: { translation: JSON.parse(readFileSync(join(translations, `${language}.json`), 'utf8')) } },
    initAsync: false,
    interpolation: { escapeValue: true },
    // Without a fallback a missing key answers the key itself; the English default is ignored.
    parseMissingKeyHandler: (key) => `MISSING ${key}`,
  });
  return instance.t;
}

const languages = readdirSync(translations)
  .filter((name) => /^[a-z]{2}\.json$/.test(name))
  .map((name) => name.slice(0, 2));

describe('audit event sentences', () => {
  const written = serverAuditEvents();
  const events = new Set([...written].filter((event) => event.startsWith('server.')));
  const accountEvents = [...written].filter((event) => WAYS_IN.test(event));

  it('finds the events the server writes in its source (the scan itself works)', () => {
    for (const known of ['server.action-refused', 'server.power.kill', 'server.file.write', 'server.backup.unlock', 'server.role.deleted', 'server.config.updated']) expect(events).toContain(known);
    expect(languages).toHaveLength(16);
  });

  it('has a sentence for every event the server can write into a server’s audit log', () => {
    const missing = [...events].filter((event) => !Object.hasOwn(AUDIT_EVENT_SENTENCES, event));
    expect(missing).toEqual([]);
  });

  it('has a sentence for every event of an account’s ways in (API keys, SSH keys, SFTP, passkeys, linked providers)', () => {
    for (const known of ['account.api-key-created', 'account.ssh-key-removed', 'account.sftp-key-only-enabled', 'account.passkey-renamed', 'account.oauth-unlinked'])
      expect(accountEvents).toContain(known);
    expect(accountEvents.filter((event) => !Object.hasOwn(AUDIT_EVENT_SENTENCES, event))).toEqual([]);
    const t = translator('en');
    expect(auditEventSentence(t, entry('account.ssh-key-added', { name: 'laptop', fingerprint: 'SHA256:abc' }))).toBe('alice added the SSH key laptop (SHA256:abc).');
    expect(auditEventSentence(t, entry('account.oauth-linked', { provider: 'company', email: 'a@b.test' }))).toBe('alice linked a company login.');
  });

  it.each(languages)('tells every event as a sentence in %s, with no key missing', (language) => {
    const t = translator(language);
    for (const event of Object.keys(AUDIT_EVENT_SENTENCES)) {
      for (const properties of [{ outcome: 'finished' }, { outcome: 'rolled-back' }]) {
        const sentence = auditEventSentence(t, entry(event, properties));
        expect({ event, sentence }).toEqual({ event, sentence: expect.not.stringMatching(/MISSING|sharing\.audit|\{\{/) });
      }
    }
  });

  it('puts the actor and what was done into the sentence (names as written, lists shortened)', () => {
    const t = translator('en');
    expect(auditEventSentence(t, entry('server.console.command', { command: 'say <hi> & bye' }))).toBe('alice sent the console command “say <hi> & bye”.');
    expect(
      auditEventSentence(
        t,
        entry('server.file.upload', {
          directory: '/plugins',
          files: [
            { name: 'a.jar', size: 1 },
            { name: 'b.jar', size: 2 },
          ],
        }),
      ),
    ).toBe('alice uploaded to /plugins: a.jar, b.jar.');
    expect(auditEventSentence(t, entry('server.file.rename', { directory: '', files: [{ from: 'a', to: 'b' }] }))).toBe('alice renamed or moved in /: a → b.');
    expect(auditEventSentence(t, entry('server.file.chmod', { directory: '/', files: [{ file: 'run.sh', mode: '755' }] }))).toBe('alice changed permissions in /: run.sh (755).');
    expect(auditEventSentence(t, entry('server.file.delete', { directory: '/logs', files: ['1', '2', '3', '4', '5', '6', '7'] }))).toBe('alice deleted in /logs: 1, 2, 3, 4, 5 ….');
    expect(auditEventSentence(t, { ...entry('server.crashed'), actor: null })).toBe('The server stopped unexpectedly.');
    expect(auditEventSentence(t, entry('server.startup.command-changed', { command: 'Verbose' }))).toBe('alice chose the startup command Verbose.');
    expect(auditEventSentence(t, { ...entry('server.backup.restore-recovered', { outcome: 'rolled-back' }), actor: null })).toBe('A restore interrupted by a panel restart was undone.');
    expect(auditEventSentence(translator('de'), entry('server.power.start'))).toContain('alice');
  });

  it('keeps names, paths and commands left to right inside a right-to-left sentence', () => {
    const t = translator('ar');
    const sentence = auditEventSentence(t, entry('server.file.chmod', { directory: '/plugins', files: [{ file: 'run.sh', mode: '755' }] }), { rtl: true })!;
    expect(sentence).toContain('\u2066alice\u2069');
    expect(sentence).toContain('\u2066/plugins\u2069');
    expect(sentence).toContain('\u2066run.sh\u2069 (\u2066755\u2069)');
    expect(auditEventSentence(t, { ...entry('server.backup.restore-recovered', { outcome: 'finished' }), actor: null }, { rtl: true })).toBe(t('sharing.audit.events.server.backup.restore-finished'));
    // Left-to-right languages get the plain text.
    expect(auditEventSentence(translator('en'), entry('server.file.write', { file: 'a.txt' }))).toBe('alice saved the file a.txt.');
  });

  it('answers null for an event it does not know (the raw key is shown then)', () => {
    expect(auditEventSentence(translator('en'), entry('server.something-new'))).toBeNull();
    expect(auditEventSentence(translator('en'), entry('toString'))).toBeNull();
  });
});

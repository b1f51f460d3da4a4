import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverWebhooks, type ServerRow, type ServerWebhookRow, type WebhookDeliveryRow } from '../../db/schema';
import { HttpError, ValidationError, notFound } from '../../lib/errors';
import { sealSecret } from '../../lib/secretBox';
import { WEBHOOK_LIMITS, type CreateWebhookBody, type UpdateWebhookBody } from '../../schemas/webhooks';
import { recordAudit, type Actor } from '../audit/audit';
import { listDeliveries } from './deliveryLog';
import { checkedWebhookAddress, parseWebhookUrl, WebhookAddressError } from './webhookAddress';
import { WEBHOOK_SECRET_PURPOSE, type WebhookDispatcher } from './WebhookDispatcher';

export interface WebhookServiceOptions {
  db: Database;
  panelSecret: string;
  allowHosts: readonly string[];
  dispatcher: WebhookDispatcher;
}

/** A hook just saved, with its signing secret when one was made (shown this once). */
export interface SavedWebhook {
  hook: ServerWebhookRow;
  secret?: string;
}

/** A new signing secret: 32 random bytes, prefixed so customers recognise it. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * A server's webhooks: adding, changing, removing and testing them, each audited (with the
 * receiver's host only: a Discord URL carries its own token). Addresses are checked when saved
 * with the policy of pulls from a URL, and again at every delivery (WebhookDispatcher).
 */
export class WebhookService {
  constructor(private readonly options: WebhookServiceOptions) {}

  private get db(): Database {
    return this.options.db;
  }

  async list(server: ServerRow): Promise<ServerWebhookRow[]> {
    return this.db.select().from(serverWebhooks).where(eq(serverWebhooks.serverId, server.id)).orderBy(asc(serverWebhooks.createdAt), asc(serverWebhooks.id));
  }

  async find(server: ServerRow, uuid: string): Promise<ServerWebhookRow> {
    if (!/^[0-9a-f-]{36}$/i.test(uuid)) throw notFound('Webhook');
    const [hook] = await this.db
      .select()
      .from(serverWebhooks)
      .where(and(eq(serverWebhooks.serverId, server.id), eq(serverWebhooks.uuid, uuid)));
    if (!hook) throw notFound('Webhook');
    return hook;
  }

  async create(server: ServerRow, body: CreateWebhookBody, actor: Actor): Promise<SavedWebhook> {
    await this.checkFields(body.kind, body.url, body.secret);
    const [{ total }] = await this.db.select({ total: count() }).from(serverWebhooks).where(eq(serverWebhooks.serverId, server.id));
    if (total >= WEBHOOK_LIMITS.perServer) throw new HttpError(409, `A server can have at most ${WEBHOOK_LIMITS.perServer} webhooks.`);
    const secret = body.kind === 'json' ? (body.secret ?? newSecret()) : undefined;
    const [hook] = await this.db
      .insert(serverWebhooks)
      .values({ serverId: server.id, name: body.name.trim(), kind: body.kind, url: body.url, events: body.events, secretSealed: this.seal(secret), createdBy: actor.userId })
      .returning();
    this.options.dispatcher.forget(server.uuid);
    await this.recordHookAudit(server, actor, 'server.webhook.create', hook);
    // A secret the caller chose is theirs already; a generated one is shown now, and never again.
    return { hook, secret: body.secret === undefined ? secret : undefined };
  }

  async update(server: ServerRow, uuid: string, body: UpdateWebhookBody, actor: Actor): Promise<SavedWebhook> {
    const hook = await this.find(server, uuid);
    const kind = body.kind ?? (hook.kind as 'discord' | 'json');
    await this.checkFields(kind, body.url, body.secret);
    // A hook that becomes a JSON one without a secret gets one, shown in this answer.
    const generated = kind === 'json' && !body.secret && !hook.secretSealed ? newSecret() : undefined;
    const secretSealed = kind === 'discord' ? null : body.secret || generated ? this.seal(body.secret ?? generated) : hook.secretSealed;
    const [updated] = await this.db
      .update(serverWebhooks)
      .set({ name: body.name?.trim() ?? hook.name, kind, url: body.url ?? hook.url, events: body.events ?? hook.events, secretSealed, updatedAt: new Date() })
      .where(eq(serverWebhooks.id, hook.id))
      .returning();
    this.options.dispatcher.forget(server.uuid);
    const changed = Object.keys(body).filter((key) => key !== 'secret');
    await this.recordHookAudit(server, actor, 'server.webhook.update', updated, { changed, secret_changed: body.secret !== undefined || generated !== undefined });
    return { hook: updated, secret: generated };
  }

  async remove(server: ServerRow, uuid: string, actor: Actor): Promise<void> {
    const hook = await this.find(server, uuid);
    await this.db.delete(serverWebhooks).where(eq(serverWebhooks.id, hook.id));
    this.options.dispatcher.forget(server.uuid);
    await this.recordHookAudit(server, actor, 'server.webhook.delete', hook);
  }

  /** Sends the test event once, now, and answers the logged attempt. */
  async test(server: ServerRow, uuid: string, actor: Actor): Promise<WebhookDeliveryRow> {
    const hook = await this.find(server, uuid);
    const delivery = await this.options.dispatcher.sendTest(hook, { uuid: server.uuid, name: server.name }, randomUUID());
    await this.recordHookAudit(server, actor, 'server.webhook.test', hook, { status: delivery.status, response_code: delivery.responseCode });
    return delivery;
  }

  async deliveries(server: ServerRow, uuid: string): Promise<WebhookDeliveryRow[]> {
    const hook = await this.find(server, uuid);
    return listDeliveries(this.db, hook.id);
  }

  /** The rules beyond the schema: a reachable public address, a secret only for JSON hooks. */
  private async checkFields(kind: 'discord' | 'json', url: string | undefined, secret: string | undefined): Promise<void> {
    const errors: Record<string, string[]> = {};
    if (secret !== undefined && kind !== 'json') errors.secret = ['Only JSON webhooks are signed with a secret.'];
    if (url !== undefined) {
      try {
        await checkedWebhookAddress(parseWebhookUrl(url), this.options.allowHosts);
      } catch (error) {
        if (!(error instanceof WebhookAddressError)) throw error;
        errors.url = [error.message];
      }
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  }

  private seal(secret: string | undefined): string | null {
    return secret === undefined ? null : sealSecret(this.options.panelSecret, WEBHOOK_SECRET_PURPOSE, secret);
  }

  private async recordHookAudit(server: ServerRow, actor: Actor, event: string, hook: ServerWebhookRow, extra: Record<string, unknown> = {}): Promise<void> {
    let host = '';
    try {
      host = new URL(hook.url).host;
    } catch {
      // a stored URL always parses; nothing to name otherwise
    }
    await recordAudit(this.db, {
      actorId: actor.userId,
      serverUuid: server.uuid,
      event,
      ip: actor.ip,
      properties: { webhook: hook.uuid, name: hook.name, kind: hook.kind, host, events: hook.events, ...extra },
    });
  }
}

import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { type Database, toJson } from '../../../server/db/database';

/** Fixtures of the campaign sending tests: campaigns written directly, and a local SMTP server that records what it gets. */

const DAY = 86_400_000;

const chunks = <T>(items: readonly T[], size = 1000): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export interface RecipientValues {
  readonly email: string;
  readonly firstName?: string;
  readonly language?: 'en' | 'fr' | 'es' | 'ar' | 'zh';
}

export interface CampaignValues {
  readonly organizationId: string;
  readonly linkId: string;
  readonly groupId: string;
  readonly recipients: readonly RecipientValues[];
  readonly sendAt: Date;
  readonly reminderDays?: readonly number[];
  readonly closesAt?: Date;
  readonly timeZone?: string;
}

export interface CampaignFixture {
  readonly campaignId: string;
  /** Person ids in the order of `recipients`. */
  readonly personIds: readonly string[];
}

/**
 * Upserts the job of a campaign's step the way the campaign service does (one row per key:
 * scheduling again moves it and makes it due again).
 */
export const scheduleCampaignJob = async (db: Kysely<Database>, organizationId: string, campaignId: string, step: number | 'close', runAt: Date): Promise<void> => {
  const key = step === 'close' ? `campaign:${campaignId}:close` : `campaign:${campaignId}:step:${step}`;
  await db
    .insertInto('jobs')
    .values({
      key,
      kind: step === 'close' ? 'campaign.close' : 'campaign.step',
      organization_id: organizationId,
      payload: toJson(step === 'close' ? { campaign_id: campaignId } : { campaign_id: campaignId, step }),
      run_at: runAt,
    })
    .onConflict((oc) => oc.column('key').doUpdateSet({ run_at: runAt, done_at: null, locked_until: null, locked_by: null }))
    .execute();
};

/** People, a campaign of them and its invitation's job, due at `sendAt`. */
export const insertCampaign = async (db: Kysely<Database>, values: CampaignValues): Promise<CampaignFixture> => {
  const closesAt = values.closesAt ?? new Date(values.sendAt.getTime() + 30 * DAY);
  const people: { id: string; email: string }[] = [];
  // In chunks: a statement takes at most 65,535 parameters.
  for (const chunk of chunks(values.recipients)) {
    people.push(
      ...(await db
        .insertInto('people')
        .values(
          chunk.map((recipient) => ({
            organization_id: values.organizationId,
            email: recipient.email,
            first_name: recipient.firstName ?? 'Sam',
            last_name: 'Rivera',
            group_id: values.groupId,
            sub_group_id: null,
            preferred_language: recipient.language ?? null,
          })),
        )
        .returning(['id', 'email'])
        .execute()),
    );
  }
  const idOf = new Map(people.map((person) => [person.email, person.id]));
  const campaign = await db
    .insertInto('campaigns')
    .values({
      organization_id: values.organizationId,
      token_id: values.linkId,
      name: 'Spring invitations',
      time_zone: values.timeZone ?? 'Australia/Sydney',
      send_local: '2026-01-01T09:00',
      send_at: values.sendAt,
      reminder_days: [...(values.reminderDays ?? [])],
      closes_local: '2026-02-01T09:00',
      closes_at: closesAt,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const personIds = values.recipients.map((recipient) => idOf.get(recipient.email)!);
  const rows = values.recipients.map((recipient, i) => ({ campaign_id: campaign.id, person_id: personIds[i]!, group_id: values.groupId, language: recipient.language ?? 'en' }));
  for (const chunk of chunks(rows)) await db.insertInto('campaign_recipients').values(chunk).execute();
  await scheduleCampaignJob(db, values.organizationId, campaign.id, 0, values.sendAt);
  await scheduleCampaignJob(db, values.organizationId, campaign.id, 'close', closesAt);
  return { campaignId: campaign.id, personIds };
};

export interface ReceivedMail {
  readonly to: string;
  readonly raw: string;
  /** Header names in lower case, folded lines unfolded. */
  readonly headers: ReadonlyMap<string, string>;
  /** The decoded text body. */
  readonly text: string;
}

export interface TestSmtp {
  readonly url: string;
  readonly received: ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpBehaviour {
  /** An SMTP refusal of a recipient (e.g. 451, 550), or undefined to take it. */
  readonly refuse?: (address: string) => number | undefined;
  /** Delay before each message is accepted (a slow server, for the process tests). */
  readonly acceptDelayMs?: number;
}

const decodeQuotedPrintable = (body: string): string =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

export const parseMail = (to: string, raw: string): ReceivedMail => {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = raw.slice(split + 4);
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { to, raw, headers, text };
};

export const startTestSmtp = (behaviour: SmtpBehaviour = {}): Promise<TestSmtp> => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1_000_000,
    // No reverse DNS of 127.0.0.1 for every connection.
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      const code = behaviour.refuse?.(address.address);
      if (code === undefined) return callback();
      const error = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          for (const rcpt of session.envelope.rcptTo) received.push(parseMail(rcpt.address, raw));
          callback();
        };
        if (behaviour.acceptDelayMs === undefined) accept();
        else setTimeout(accept, behaviour.acceptDelayMs);
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
};

/** The personal invitation token and the survey link's token of a campaign mail's link. */
export const linkTokensOf = (mail: ReceivedMail): { token: string; invitation: string } => {
  const match = /\?token=([A-Za-z0-9_%-]+)&invitation=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (match === null) throw new Error(`no invitation link in:\n${mail.text}`);
  return { token: decodeURIComponent(match[1]!), invitation: decodeURIComponent(match[2]!) };
};

/** The unsubscribe token of a mail's List-Unsubscribe header. */
export const unsubscribeTokenOf = (mail: ReceivedMail): string => {
  const match = /<[^>]*\/api\/unsubscribe\?token=([^>]+)>/.exec(mail.headers.get('list-unsubscribe') ?? '');
  if (match === null) throw new Error('no List-Unsubscribe header');
  return decodeURIComponent(match[1]!);
};

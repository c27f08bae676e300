import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { DEFAULT_SURVEY_ID } from '../../domain/contracts/tokens';
import { type Database, toJson } from '../db/database';
import { DEFAULT_TIERS, PACKAGE_DAYS } from '../services/organization/registration';
import { audit } from '../services/auth/audit';
import { randomToken } from '../services/auth/tokens';
import type { DemoPlan, DemoResponse } from './generate';
import { emailLocal } from './names';

/** Where the demo's accounts live: a reserved top-level domain (RFC 2606) the product's email rule accepts. */
export const DEMO_EMAIL_DOMAIN = 'commonweave.test';

export interface DemoAccounts {
  /** The administrator's sign-in. */
  readonly adminEmail: string;
  /** Group and sub-group assignees (same password). */
  readonly assigneeEmails: readonly string[];
}

export interface WriteOptions {
  /** The accounts' argon2id hash (one password for all of them). */
  readonly passwordHash: string;
  /** The administrator's email; the assignees' use its local part as a sub-domain. */
  readonly adminEmail: string;
  /** Responses per INSERT of the responses table (their child rows go in the same batch). */
  readonly batchSize: number;
  /** Every write in one transaction (the start-up demo); otherwise the structure, then one transaction per batch. */
  readonly singleTransaction: boolean;
  /**
   * Batches in flight at once, each in its own transaction and connection (not with
   * `singleTransaction`): PostgreSQL checks every foreign key row by row, so a server with
   * cores to spare writes faster with two or more. PGlite runs one statement at a time: 1.
   */
  readonly concurrency?: number;
  readonly onProgress?: (written: number, total: number) => void;
  /** Runs inside the structure's transaction before anything is written; may refuse by returning false. */
  readonly guard?: (trx: Transaction<Database>) => Promise<boolean>;
  readonly seed: string;
}

export interface WrittenDemo extends DemoAccounts {
  readonly organizationId: string;
}

interface Structure {
  readonly organizationId: string;
  readonly adminId: string;
  readonly groupIds: readonly string[];
  readonly subGroupIds: ReadonlyArray<readonly string[]>;
  readonly linkIds: readonly string[];
  readonly assigneeEmails: readonly string[];
}

const writeStructure = async (trx: Transaction<Database>, plan: DemoPlan, options: WriteOptions, now: Date): Promise<Structure> => {
  const organization = await trx
    .insertInto('organizations')
    .values({
      name: plan.organization.name,
      country: plan.organization.country,
      industry: plan.organization.industry,
      seat_capacity: plan.seatCapacity,
      package_expires_at: new Date(now.getTime() + PACKAGE_DAYS * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const organizationId = organization.id;
  await trx
    .insertInto('tiers')
    .values(DEFAULT_TIERS.map((tier) => ({ organization_id: organizationId, level: tier.level, name: tier.name })))
    .execute();

  const sub = options.adminEmail.split('@')[0]!.replace(/[^a-z0-9-]/gi, '-').toLowerCase();
  const domain = options.adminEmail.split('@')[1]!;
  const used = new Set<string>();
  const emails = plan.accounts.map((account, index) => {
    if (index === 0) return options.adminEmail;
    let email = `${emailLocal({ firstName: account.firstName, lastName: account.lastName })}@${sub}.${domain}`;
    for (let suffix = 2; used.has(email); suffix++) email = `${emailLocal({ firstName: account.firstName, lastName: account.lastName })}${suffix}@${sub}.${domain}`;
    used.add(email);
    return email;
  });
  const users = await trx
    .insertInto('users')
    .values(
      plan.accounts.map((account, index) => ({
        organization_id: organizationId,
        email: emails[index]!,
        password_hash: options.passwordHash,
        role: account.role,
        first_name: account.firstName,
        last_name: account.lastName,
        locale_id: null,
        totp_secret: null,
        totp_pending_secret: null,
        totp_last_step: null,
        settings: toJson({}),
      })),
    )
    .returning(['id', 'email'])
    .execute();
  const userIdOf = new Map(users.map((user) => [user.email, user.id]));
  const accountIds = emails.map((email) => userIdOf.get(email)!);

  const assigneeOf = (group: number, subGroup: number | null) => {
    const index = plan.accounts.findIndex((account) => account.role !== 'admin' && account.group === group && account.subGroup === subGroup);
    return index < 0 ? null : accountIds[index]!;
  };
  const groups = await trx
    .insertInto('departments')
    .values(plan.groups.map((group, index) => ({ organization_id: organizationId, parent_id: null, name: group.name, capacity: null, assignee_id: assigneeOf(index, null) })))
    .returning(['id', 'name'])
    .execute();
  const groupIds = plan.groups.map((group) => groups.find((row) => row.name === group.name)!.id);
  const subRows = plan.groups.flatMap((group, groupIndex) =>
    group.subGroups.map((name, subIndex) => ({ organization_id: organizationId, parent_id: groupIds[groupIndex]!, name, capacity: null, assignee_id: assigneeOf(groupIndex, subIndex) })),
  );
  const subs = await trx.insertInto('departments').values(subRows).returning(['id', 'parent_id', 'name']).execute();
  const subGroupIds = plan.groups.map((group, groupIndex) => group.subGroups.map((name) => subs.find((row) => row.parent_id === groupIds[groupIndex] && row.name === name)!.id));
  for (const [index, account] of plan.accounts.entries()) {
    if (account.group === null) continue;
    const departmentId = account.subGroup === null ? groupIds[account.group]! : subGroupIds[account.group]![account.subGroup]!;
    await trx.updateTable('users').set({ department_id: departmentId }).where('id', '=', accountIds[index]!).where('organization_id', '=', organizationId).execute();
  }

  const links = await trx
    .insertInto('survey_tokens')
    .values(
      plan.links.map((link) => ({
        organization_id: organizationId,
        token: randomToken(),
        alias: link.alias,
        survey_id: DEFAULT_SURVEY_ID,
        department_id: link.group === null ? null : groupIds[link.group]!,
        anonymity: link.anonymity,
        starts_at: link.startsAt,
        expires_at: link.expiresAt,
        capacity: link.capacity,
        used: link.used,
        active: link.active,
        created_by: accountIds[0]!,
        created_at: link.createdAt,
      })),
    )
    .returning(['id', 'alias'])
    .execute();
  const linkIds = plan.links.map((link) => links.find((row) => row.alias === link.alias)!.id);

  await audit(trx, {
    organizationId,
    actor: accountIds[0]!,
    action: 'organization.demo_seeded',
    address: null,
    details: { responses: plan.responses, seed: options.seed },
  });
  return { organizationId, adminId: accountIds[0]!, groupIds, subGroupIds, linkIds, assigneeEmails: emails.slice(1) };
};

/** The body the participant would have sent (SPEC section 7), kept in responses.answers. */
const answersOf = (response: DemoResponse, departmentId: string, wholeOrganization: boolean) => {
  const relative = (relation: string) => response.ancestry.find(([name]) => name === relation)?.[1] ?? '';
  return {
    ...(wholeOrganization ? { 3: departmentId } : {}),
    4: response.countryBirthId,
    5: response.stateId ?? '',
    6: relative('mother'),
    7: relative('father'),
    8: relative('maternal_grandmother'),
    9: relative('maternal_grandfather'),
    10: relative('paternal_grandmother'),
    11: relative('paternal_grandfather'),
    12: response.languages.map(([principleId, level]) => ({ principleId, level })),
    13: response.worldviewId,
    14: response.branchId ?? '',
    15: response.denominationId ?? '',
    16: [...response.heritages],
    25: [...response.cultures],
    26: response.cultureIdentityId === null ? [] : [response.cultureIdentityId],
    27: response.appearanceId ?? '',
    17: response.genderId,
    18: response.ageId,
    19: response.educationId,
    20: response.disabilityId,
    21: response.sexualOrientationId,
    22: response.positionLevelId,
    23: response.positionTypeId ?? '',
    24: 1,
  };
};

const RESPONSE_COLUMNS = sql.raw(
  `id uuid, t uuid, d uuid, g uuid, s timestamptz, an boolean, fn text, ln text, by smallint, ge integer, ag integer, ed integer, di integer, so integer,
   pl integer, pt integer, cb integer, st integer, wv integer, br integer, de integer, ci integer, ap integer, a jsonb`,
);

/** One batch: the responses and their child rows, five statements whose rows travel as one jsonb parameter each. */
const writeBatch = async (db: Kysely<Database>, structure: Structure, plan: DemoPlan, batch: readonly DemoResponse[]): Promise<void> => {
  const responses: unknown[] = [];
  const ancestry: unknown[] = [];
  const languages: unknown[] = [];
  const heritages: unknown[] = [];
  const cultures: unknown[] = [];
  for (const response of batch) {
    const id = randomUUID();
    const groupId = structure.groupIds[response.group]!;
    const departmentId = response.subGroup === null ? groupId : structure.subGroupIds[response.group]![response.subGroup]!;
    responses.push({
      id,
      t: structure.linkIds[response.link],
      d: departmentId,
      g: groupId,
      s: response.submittedAt.toISOString(),
      an: response.anonymous,
      fn: response.firstName,
      ln: response.lastName,
      by: response.birthYear,
      ge: response.genderId,
      ag: response.ageId,
      ed: response.educationId,
      di: response.disabilityId,
      so: response.sexualOrientationId,
      pl: response.positionLevelId,
      pt: response.positionTypeId,
      cb: response.countryBirthId,
      st: response.stateId,
      wv: response.worldviewId,
      br: response.branchId,
      de: response.denominationId,
      ci: response.cultureIdentityId,
      ap: response.appearanceId,
      a: answersOf(response, departmentId, plan.links[response.link]!.group === null),
    });
    for (const [relation, country] of response.ancestry) ancestry.push({ r: id, k: relation, c: country });
    for (const [language, level] of response.languages) languages.push({ r: id, l: language, v: level });
    for (const heritage of response.heritages) heritages.push({ r: id, e: heritage });
    for (const culture of response.cultures) cultures.push({ r: id, e: culture });
  }
  const organizationId = structure.organizationId;
  await sql`
    insert into responses (id, organization_id, survey_id, token_id, department_id, group_id, submitted_at, anonymous, first_name, last_name,
      birth_year, gender_id, age_id, education_id, disability_id, sexual_orientation_id, position_level_id, position_type_id,
      country_birth_id, state_id, worldview_id, branch_id, denomination_id, culture_identity_id, appearance_id, answers)
    select r.id, cast(${organizationId} as uuid), cast(${DEFAULT_SURVEY_ID} as integer), r.t, r.d, r.g, r.s, r.an, r.fn, r.ln, r.by, r.ge, r.ag, r.ed, r.di, r.so, r.pl, r.pt,
      r.cb, r.st, r.wv, r.br, r.de, r.ci, r.ap, r.a
    from jsonb_to_recordset(cast(${JSON.stringify(responses)} as jsonb)) as r(${RESPONSE_COLUMNS})
  `.execute(db);
  if (ancestry.length > 0) {
    await sql`
      insert into response_ancestry (response_id, organization_id, relation, country_id)
      select r.r, cast(${organizationId} as uuid), r.k, r.c from jsonb_to_recordset(cast(${JSON.stringify(ancestry)} as jsonb)) as r(r uuid, k text, c integer)
    `.execute(db);
  }
  if (languages.length > 0) {
    await sql`
      insert into response_languages (response_id, organization_id, language_id, level)
      select r.r, cast(${organizationId} as uuid), r.l, r.v from jsonb_to_recordset(cast(${JSON.stringify(languages)} as jsonb)) as r(r uuid, l integer, v text)
    `.execute(db);
  }
  if (heritages.length > 0) {
    await sql`
      insert into response_heritages (response_id, organization_id, ethnicity_id)
      select r.r, cast(${organizationId} as uuid), r.e from jsonb_to_recordset(cast(${JSON.stringify(heritages)} as jsonb)) as r(r uuid, e integer)
    `.execute(db);
  }
  if (cultures.length > 0) {
    await sql`
      insert into response_cultures (response_id, organization_id, ethnicity_id)
      select r.r, cast(${organizationId} as uuid), r.e from jsonb_to_recordset(cast(${JSON.stringify(cultures)} as jsonb)) as r(r uuid, e integer)
    `.execute(db);
  }
};

/** Batches of a stream, without holding more than one batch. */
function* batchesOf<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Writes a demo organisation and its responses. With `singleTransaction` everything is one
 * transaction (nothing is left behind on failure; `guard` decides inside it whether to go
 * on). Otherwise the organisation is written first and each batch of responses in its own
 * transaction, so a large seed holds no huge transaction; if a batch fails, the organisation
 * is deleted again. Answers undefined when `guard` refused.
 */
export const writeDemo = async (
  db: Kysely<Database>,
  plan: DemoPlan,
  responses: Iterable<DemoResponse>,
  options: WriteOptions,
  now: Date,
): Promise<WrittenDemo | undefined> => {
  const writeResponses = async (target: Kysely<Database>, structure: Structure, perBatch: boolean) => {
    let written = 0;
    const limit = perBatch ? Math.max(1, options.concurrency ?? 1) : 1;
    const inFlight = new Set<Promise<void>>();
    let failure: unknown;
    for (const batch of batchesOf(responses, options.batchSize)) {
      if (failure !== undefined) break;
      const write = (perBatch ? target.transaction().execute((trx) => writeBatch(trx, structure, plan, batch)) : writeBatch(target, structure, plan, batch)).then(
        () => {
          written += batch.length;
          options.onProgress?.(written, plan.responses);
        },
        (error: unknown) => {
          failure ??= error;
        },
      );
      inFlight.add(write);
      void write.finally(() => inFlight.delete(write));
      // The next batch is generated while this one is written; never more than `limit` wait on the database.
      if (inFlight.size >= limit) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    if (failure !== undefined) throw failure;
  };

  if (options.singleTransaction) {
    return db.transaction().execute(async (trx) => {
      if (options.guard !== undefined && !(await options.guard(trx))) return undefined;
      const structure = await writeStructure(trx, plan, options, now);
      await writeResponses(trx, structure, false);
      return { organizationId: structure.organizationId, adminEmail: options.adminEmail, assigneeEmails: structure.assigneeEmails };
    });
  }
  const structure = await db.transaction().execute(async (trx) => {
    if (options.guard !== undefined && !(await options.guard(trx))) return undefined;
    return writeStructure(trx, plan, options, now);
  });
  if (structure === undefined) return undefined;
  try {
    await writeResponses(db, structure, true);
  } catch (error) {
    await deleteDemoOrganization(db, structure.organizationId).catch(() => undefined);
    throw error;
  }
  return { organizationId: structure.organizationId, adminEmail: options.adminEmail, assigneeEmails: structure.assigneeEmails };
};

/**
 * Removes an organisation and everything it holds. Sub-groups go before groups: the
 * departments' self-reference is ON DELETE RESTRICT, which the cascade from the
 * organisation would trip over. The audit log keeps its entries (it is append-only).
 */
export const deleteDemoOrganization = async (db: Kysely<Database>, organizationId: string): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('responses').where('organization_id', '=', organizationId).execute();
    await trx.deleteFrom('departments').where('organization_id', '=', organizationId).where('parent_id', 'is not', null).execute();
    await trx.deleteFrom('organizations').where('id', '=', organizationId).execute();
  });
};

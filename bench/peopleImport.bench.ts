import { performance } from 'node:perf_hooks';
import { parse } from 'csv-parse/sync';
import type { ImportPreview } from '../domain/contracts/people';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { seedReferenceData } from '../server/db/seeds/referenceData';
import { bearer, insertOrganization, insertUser, signIn } from '../tests/server/helpers/accounts';
import { testConfig } from '../tests/server/helpers/testConfig';

const ROWS = Number(process.env.BENCH_PEOPLE_ROWS ?? 20_000);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Runs `work` while sampling the process's resident memory every 5 ms: its time and the peak above where it started. */
const measured = async (work: () => Promise<unknown>): Promise<{ ms: number; peak: number }> => {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const start = performance.now();
  try {
    await work();
    return { ms: performance.now() - start, peak: Math.max(0, peak - base) };
  } finally {
    clearInterval(timer);
  }
};

/**
 * Coordinator → People: a staff file of BENCH_PEOPLE_ROWS rows (default 20,000) uploaded,
 * checked and confirmed through the endpoints, against its baseline in the same run: parsing the
 * same file with csv-parse at once and inserting its rows in batches of 1,000, the least any
 * import must do. Prints both times, the ratio, and the process's peak memory above its start for
 * each (the import reads the file as a stream and stages it in the database).
 */
export const runPeopleImportBench = async (): Promise<void> => {
  console.log(`\nPeople import (${ROWS.toLocaleString('en-AU')} rows, PGlite in memory)`);
  const database = await openDatabase({ memory: true });
  try {
    await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    const app = await buildApp(testConfig(), { db: database.db, dbKind: database.kind });
    const organizationId = await insertOrganization(database.db);
    const admin = await insertUser(database.db, { organizationId, role: 'admin' });
    for (const name of ['Sales', 'Finance']) await database.db.insertInto('departments').values({ organization_id: organizationId, name, parent_id: null, capacity: null, assignee_id: null }).execute();
    const groups = await database.db.selectFrom('departments').select(['id', 'name']).where('organization_id', '=', organizationId).execute();
    const token = await signIn(app, admin.email);
    const file = `email,first name,last name,group,language\n${Array.from({ length: ROWS }, (_, i) => `person${i}@example.org,First${i},Last${i},${i % 2 === 0 ? 'Sales' : 'Finance'},${['en', 'fr', 'es', 'ar', 'zh'][i % 5]}`).join('\n')}\n`;

    const baseline = await measured(async () => {
      const rows = parse(file, { from_line: 2 }) as string[][];
      const groupOf = new Map(groups.map((group) => [group.name, group.id]));
      for (let start = 0; start < rows.length; start += 1000) {
        await database.db
          .insertInto('people')
          .values(rows.slice(start, start + 1000).map(([email, first, last, group, language]) => ({ organization_id: organizationId, email: `baseline.${email}`, first_name: first!, last_name: last!, group_id: groupOf.get(group!)!, preferred_language: language! })) as never)
          .execute();
      }
    });
    await database.db.deleteFrom('people').where('organization_id', '=', organizationId).execute();

    const data = new FormData();
    data.append('file', new Blob([file], { type: 'text/csv' }), 'staff.csv');
    const request = new Request('http://localhost/', { method: 'POST', body: data });
    const payload = Buffer.from(await request.arrayBuffer());
    const contentType = request.headers.get('content-type')!;
    let created = 0;
    const imported = await measured(async () => {
      const uploaded = await app.inject({ method: 'POST', url: '/api/people/import', payload, headers: { ...bearer(token), 'content-type': contentType } });
      if (uploaded.statusCode !== 200) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
      const preview = uploaded.json().data as ImportPreview;
      const checked = await app.inject({ method: 'POST', url: '/api/people/import/check', payload: { token: preview.token, mapping: preview.suggested }, headers: bearer(token) });
      if (checked.statusCode !== 200) throw new Error(`check: ${checked.statusCode} ${checked.body}`);
      const confirmed = await app.inject({ method: 'POST', url: '/api/people/import/confirm', payload: { token: preview.token }, headers: bearer(token) });
      if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
      created = (confirmed.json().data as { created: number }).created;
    });
    console.log(`  file ${mb(Buffer.byteLength(file))}; baseline (parse at once, insert in batches): ${baseline.ms.toFixed(0)} ms, peak +${mb(baseline.peak)}`);
    console.log(
      `  import (upload, check, confirm; ${created.toLocaleString('en-AU')} people written): ${imported.ms.toFixed(0)} ms, ratio ${(imported.ms / baseline.ms).toFixed(2)} to the baseline; peak memory +${mb(imported.peak)} (${(imported.peak / Buffer.byteLength(file)).toFixed(1)}× the file)`,
    );
    await app.close();
  } finally {
    await database.close();
  }
};

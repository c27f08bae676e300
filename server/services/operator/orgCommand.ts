import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { extendPackage, listOrganizations, OperatorError, type OrganizationSummary, setSeats, setSuspended, showOrganization } from './organizations';

export const ORG_USAGE = `Usage: npm run org -- <command>
  list                                  every organisation, its package and its responses
  show <organisation>                   one organisation in detail
  extend <organisation> --until DATE    the package runs to the end of DATE (YYYY-MM-DD, UTC)
  seats <organisation> <N>              the seat capacity (never below what live links hold back)
  suspend <organisation>                close its dashboards and sign-ins until resumed
  resume <organisation>                 open them again
An organisation is named by its id or its exact name. Every change is audited.`;

const day = (date: Date | null): string => (date === null ? 'no end' : date.toISOString().slice(0, 10));

const table = (rows: readonly OrganizationSummary[]): string => {
  const lines = [['Id', 'Name', 'Status', 'Package ends', 'Seats', 'Responses'], ...rows.map((row) => [row.id, row.name, row.status, day(row.packageEnds), String(row.seatCapacity), String(row.responses)])];
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  return lines.map((line) => line.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n');
};

const oneOrganization = (positionals: readonly string[], command: string): string => {
  if (positionals.length !== 1) throw new OperatorError(`${command} takes one organisation (its id or name in quotes).\n${ORG_USAGE}`);
  return positionals[0]!;
};

/** Runs one command of `npm run org` and answers what to print; refusals throw OperatorError. */
export const runOrgCommand = async (db: Kysely<Database>, argv: readonly string[], now = new Date()): Promise<string> => {
  let parsed: ReturnType<typeof parseArgs<{ options: { until: { type: 'string' }; help: { type: 'boolean'; short: 'h' } }; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: { until: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new OperatorError(`${(error as Error).message}\n${ORG_USAGE}`);
  }
  const [command, ...rest] = parsed.positionals;
  if (parsed.values.help || command === undefined || command === 'help') return ORG_USAGE;
  if (parsed.values.until !== undefined && command !== 'extend') throw new OperatorError(`--until belongs to extend only.\n${ORG_USAGE}`);
  switch (command) {
    case 'list': {
      if (rest.length > 0) throw new OperatorError(`list takes no organisation.\n${ORG_USAGE}`);
      const rows = await listOrganizations(db, now);
      return rows.length === 0 ? 'No organisations yet.' : table(rows);
    }
    case 'show': {
      const details = await showOrganization(db, oneOrganization(rest, 'show'), now);
      const roles = Object.entries(details.usersByRole).map(([role, count]) => `${role} ${count}`).join(', ') || 'none';
      return [
        `${details.name} (${details.id})`,
        `  status        ${details.status}`,
        `  package ends  ${day(details.packageEnds)}`,
        `  seats         ${details.seatCapacity} (live links hold back ${details.seatsPromised}; ${details.liveLinks} live link${details.liveLinks === 1 ? '' : 's'})`,
        `  responses     ${details.responses}`,
        `  members       ${roles}`,
        `  country       ${details.country}`,
        `  created       ${details.createdAt.toISOString().slice(0, 10)}`,
      ].join('\n');
    }
    case 'extend': {
      const reference = oneOrganization(rest, 'extend');
      if (parsed.values.until === undefined) throw new OperatorError(`extend needs --until YYYY-MM-DD.\n${ORG_USAGE}`);
      const updated = await extendPackage(db, reference, parsed.values.until, now);
      return `${updated.name}: the package now runs to the end of ${day(new Date(updated.package_expires_at!.getTime() - 1))} (UTC).`;
    }
    case 'seats': {
      if (rest.length !== 2) throw new OperatorError(`seats takes an organisation and a number.\n${ORG_USAGE}`);
      const updated = await setSeats(db, rest[0]!, rest[1]!, now);
      return `${updated.name}: seat capacity ${updated.seat_capacity}.`;
    }
    case 'suspend':
    case 'resume': {
      const updated = await setSuspended(db, oneOrganization(rest, command), command === 'suspend');
      return `${updated.name} is ${updated.active ? 'active again' : 'suspended: its members cannot sign in until it is resumed'}.`;
    }
    default:
      throw new OperatorError(`Unknown command "${command}".\n${ORG_USAGE}`);
  }
};

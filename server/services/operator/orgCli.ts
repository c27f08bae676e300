import { exitWith, openForOperator, operatorConfig } from './openForOperator';
import { ORG_USAGE, runOrgCommand } from './orgCommand';

/** `npm run org -- list | show | extend --until DATE | seats N | suspend | resume` (see ORG_USAGE). */
try {
  const args = process.argv.slice(2);
  if (args.length === 0 || args.includes('--help') || args.includes('-h') || args[0] === 'help') {
    console.log(ORG_USAGE);
  } else {
    const database = await openForOperator(operatorConfig());
    try {
      console.log(await runOrgCommand(database.db, args));
    } finally {
      await database.close();
    }
  }
} catch (error) {
  exitWith(error);
}

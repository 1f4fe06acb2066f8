import { describeDatabase, openChosenDatabase } from './cli-database.ts';
import {
  ETA_BACKTEST_USAGE,
  formatEtaBacktest,
  parseEtaBacktestArgs,
  runEtaBacktest,
} from './eta-backtest-options.ts';
import { runCommand } from './run-command.ts';

await runCommand(ETA_BACKTEST_USAGE, async (args) => {
  const options = parseEtaBacktestArgs(args);
  const choice = { databaseUrl: options.databaseUrl, dataDir: options.dataDir };
  const database = await openChosenDatabase(choice, 'backtest');
  try {
    const reports = await runEtaBacktest(database.db, options);
    console.log(formatEtaBacktest(reports, options.json, describeDatabase(choice)));
  } finally {
    await database.close();
  }
});

import { startBridge } from './bridge.ts';
import { IdentityError } from './identity.ts';
import { OptionsError, parseOptions, USAGE } from './options.ts';

/**
 * `npm run scale-bridge -- --serial /dev/ttyUSB0 --format st-gs`: reads the weighbridge
 * indicator and streams its weight to the truck queue server until stopped (Ctrl+C, or the
 * service manager's SIGTERM). Exit codes: 0 stopped, 1 cannot start, 2 a bad command line.
 */
async function main(): Promise<void> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof OptionsError)) throw error;
    console.error(`${error.message}\n\nRun with --help to see every option.`);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(USAGE);
    return;
  }

  let bridge;
  try {
    bridge = await startBridge(options);
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const stop = (signal: NodeJS.Signals) => {
    console.log(`${signal}: closing the indicator and the server connection.`);
    void bridge.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();

import { runLookupsBench } from './lookups.bench';
import { runReplayBench } from './replay.bench';
import { runStatisticsBench } from './statistics.bench';
import { runSubmitBench } from './submit.bench';

// Each benchmark prints what it measured beside a baseline measured in the same run.
runReplayBench();
await runLookupsBench();
await runSubmitBench();
await runStatisticsBench();
await (await import('./replica.bench')).runReplicaBench();
await (await import('./restart.bench')).runRestartBench();
await (await import('./exports.bench')).runExportsBench();
await (await import('./peopleImport.bench')).runPeopleImportBench();
await (await import('./campaignSend.bench')).runCampaignSendBench();
await (await import('./benchmark.bench')).runBenchmarkBench();
await (await import('./compare.bench')).runCompareBench();
(await import('./bundle.bench')).runBundleBench();
await (await import('./wire.bench')).runWireBench();
await (await import('./participantLcp.bench')).runParticipantLcpBench();

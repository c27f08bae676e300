import { runReplayBench } from './replay.bench';

// Each benchmark prints what it measured beside a baseline measured in the same run.
runReplayBench();

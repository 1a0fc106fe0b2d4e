import { runStandalone } from '@modula/shared';
import * as app from './app';

// Only the standalone development page runs this file; the shell loads ./app directly.
void runStandalone(app);

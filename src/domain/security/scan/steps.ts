/** The scan's steps, in order (a resumed scan continues at the first step not yet done). */
import { accountCheck } from './check-accounts';
import { contentCheck } from './check-content';
import { optionCheck } from './check-options';
import { redirectCheck } from './check-redirects';
import { settingsCheck } from './check-settings';
import { termCheck } from './check-terms';
import { uploadCheck } from './check-uploads';
import type { ScanStep } from './step';

export const SCAN_STEPS: readonly ScanStep[] = [contentCheck, termCheck, optionCheck, redirectCheck, uploadCheck, accountCheck, settingsCheck];

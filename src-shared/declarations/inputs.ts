// Every input declared outside the resources (declare.ts InputDecl), by area: what the generated tests walk
// (tests/unit/renderer/declared-rules.test.ts: the form's rules; tests/contract/declared-rules.test.ts: the route).
import type { InputDecl } from './declare';
import { FLOW_INPUTS } from './flow-inputs';
import { ACCOUNT_INPUTS } from './account-inputs';
import { SHELL_INPUTS } from './shell-inputs';
import { DESKTOP_INPUTS } from './desktop-inputs';
import { SEARCH_INPUTS } from './search-account';

export const INPUT_DECLARATIONS: readonly InputDecl[] = [...FLOW_INPUTS, ...ACCOUNT_INPUTS, ...SHELL_INPUTS, ...DESKTOP_INPUTS, ...SEARCH_INPUTS];

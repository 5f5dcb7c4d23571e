// The endpoints the content area's resources serve (their fields' rules are declared in src-shared/declarations).
import type { Endpoint } from '../../../crud/resource';

export const ALL: readonly Endpoint[] = ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'];

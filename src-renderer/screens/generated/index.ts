// The generated screens by menu path (entries.ts finds them), rendered by the generic CrudPage.
import { crud, type Screen } from '../lazyCrud';
import { GENERATED_ENTRIES } from './entries';

export const GENERATED_SCREENS: Record<string, Screen> = Object.fromEntries(GENERATED_ENTRIES.map((e) => [e.path, crud(e.load)]));
